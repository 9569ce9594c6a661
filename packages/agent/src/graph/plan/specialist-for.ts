import type { RootCauseCategory, Specialist } from "@kubemedic/protocol";

/** Which specialist investigates a root cause of this category. */
export function specialistFor(category: RootCauseCategory): Specialist {
  switch (category) {
    case "CrashLoop":
    case "OOMKilled":
    case "ImagePull":
    case "ProbeFailure":
    case "RolloutStuck":
    case "JobFailed":
    case "HPAMisconfig":
      return "workload";
    case "ServiceSelectorMismatch":
    case "NoEndpoints":
    case "IngressMisconfig":
    case "NetworkPolicyBlocked":
    case "DNSFailure":
      return "networking";
    case "StorageProvisioning":
      return "storage";
    case "Unschedulable":
    case "QuotaExceeded":
    case "NodeNotReady":
      return "scheduling";
    case "MissingConfig":
    case "RBACForbidden":
    case "Other":
    case "Healthy":
      return "config";
  }
}
