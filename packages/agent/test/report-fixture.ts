import type { DiagnosisReport } from "@kubemedic/protocol";

/** A valid report about the crashloop-missing-env scenario, as a model would return it. */
export const CHECKOUT_REPORT: DiagnosisReport = {
  summary: "checkout crash-loops because DATABASE_URL is not set.",
  category: "CrashLoop",
  severity: "high",
  rootCause: "Deployment shop/checkout does not set DATABASE_URL; the container exits at start.",
  confidence: 0.9,
  affectedResources: [
    { kind: "Deployment", namespace: "shop", name: "checkout", status: "0/2 ready" },
  ],
  evidence: [
    {
      source: "logs",
      command: "logs deploy/checkout -n shop --previous",
      excerpt: "required environment variable DATABASE_URL is not set",
    },
  ],
  recommendations: [
    {
      title: "Set DATABASE_URL from the checkout-db Secret",
      rationale: "The app needs it to start.",
      command: "set env deployment/checkout -n shop --from=secret/checkout-db",
      risk: "medium",
      requiresApproval: true,
    },
  ],
};
