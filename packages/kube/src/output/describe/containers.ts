import type { DescribeWriter } from "./describeWriter";
import { goBool, int, intOrString, list, rec, rfc1123z, str } from "./format";

type Rec = Record<string, unknown>;

/**
 * The Containers / Init Containers section of describe (pods and pod
 * templates): image, ports, command, state, resources, probes, environment
 * (values already redacted by the engine) and mounts, line for line as kubectl.
 * `space` is "" for a pod and "  " inside a pod template; `pod` resolves
 * fieldRef env values for pods.
 */
export function describeContainers(
  w: DescribeWriter,
  label: string,
  containers: Rec[],
  statuses: Rec[] | undefined,
  space: string,
  pod?: Rec,
): void {
  if (containers.length === 0) {
    w.write(0, `${space}${label}: <none>\n`);
    return;
  }
  w.write(0, `${space}${label}:\n`);
  const byName = new Map((statuses ?? []).map((s) => [str(s.name), s]));
  for (const c of containers) {
    const status = statuses === undefined ? undefined : byName.get(str(c.name));
    w.write(1, `${space.length > 0 ? " " : ""}${str(c.name)}:\n`);
    if (status) w.write(2, `Container ID:\t${str(status.containerID)}\n`);
    w.write(2, `Image:\t${str(c.image)}\n`);
    if (status) w.write(2, `Image ID:\t${str(status.imageID)}\n`);
    const ports = list(c.ports);
    const portText = ports
      .map((p) => `${int(p.containerPort)}/${str(p.protocol) || "TCP"}`)
      .join(", ");
    const hostText = ports.map((p) => `${int(p.hostPort)}/${str(p.protocol) || "TCP"}`).join(", ");
    w.write(
      2,
      portText.includes(",") ? `Ports:\t${portText}\n` : `Port:\t${portText || "<none>"}\n`,
    );
    w.write(
      2,
      hostText.includes(",")
        ? `Host Ports:\t${hostText}\n`
        : `Host Port:\t${hostText || "<none>"}\n`,
    );
    if (typeof c.restartPolicy === "string") w.write(2, `Restart Policy:\t${c.restartPolicy}\n`);
    for (const [title, items] of [
      ["Command", c.command],
      ["Args", c.args],
    ] as const) {
      if (Array.isArray(items) && items.length > 0) {
        w.write(2, `${title}:\n`);
        for (const item of items) for (const line of str(item).split("\n")) w.write(3, `${line}\n`);
      }
    }
    if (status) {
      describeState(w, "State", rec(status.state));
      if (rec(status.lastState).terminated !== undefined) {
        describeState(w, "Last State", rec(status.lastState));
      }
      w.write(2, `Ready:\t${goBool(status.ready)}\n`);
      w.write(2, `Restart Count:\t${int(status.restartCount)}\n`);
    }
    describeResources(w, rec(c.resources));
    for (const [title, key] of [
      ["Liveness", "livenessProbe"],
      ["Readiness", "readinessProbe"],
      ["Startup", "startupProbe"],
    ] as const) {
      if (c[key] !== undefined) w.write(2, `${title}:\t${describeProbe(rec(c[key]))}\n`);
    }
    const envFrom = list(c.envFrom);
    if (envFrom.length > 0) {
      w.write(2, "Environment Variables from:\n");
      for (const e of envFrom) {
        const cm = e.configMapRef === undefined ? undefined : rec(e.configMapRef);
        const secret = e.secretRef === undefined ? undefined : rec(e.secretRef);
        const ref = cm ?? secret ?? {};
        const from = cm ? "ConfigMap" : secret ? "Secret" : "";
        const prefix = str(e.prefix);
        w.write(
          3,
          `${str(ref.name)}\t${from}${prefix ? ` with prefix '${prefix}'` : ""}\tOptional: ${ref.optional === true}\n`,
        );
      }
    }
    describeEnv(w, c, pod);
    const mounts = [...list(c.volumeMounts)].sort((a, b) =>
      str(a.mountPath) < str(b.mountPath) ? -1 : str(a.mountPath) > str(b.mountPath) ? 1 : 0,
    );
    w.write(2, `Mounts:${mounts.length === 0 ? "\t<none>" : ""}\n`);
    for (const m of mounts) {
      const flags = [m.readOnly === true ? "ro" : "rw"];
      if (str(m.subPath)) flags.push(`path=${JSON.stringify(str(m.subPath))}`);
      w.write(3, `${str(m.mountPath)} from ${str(m.name)} (${flags.join(",")})\n`);
    }
  }
}

function describeState(w: DescribeWriter, name: string, state: Rec): void {
  if (state.running !== undefined) {
    w.write(2, `${name}:\tRunning\n`);
    w.write(3, `Started:\t${rfc1123z(rec(state.running).startedAt)}\n`);
  } else if (state.waiting !== undefined) {
    w.write(2, `${name}:\tWaiting\n`);
    const reason = str(rec(state.waiting).reason);
    if (reason) w.write(3, `Reason:\t${reason}\n`);
  } else if (state.terminated !== undefined) {
    const t = rec(state.terminated);
    w.write(2, `${name}:\tTerminated\n`);
    if (str(t.reason)) w.write(3, `Reason:\t${str(t.reason)}\n`);
    if (str(t.message)) w.write(3, `Message:\t${str(t.message)}\n`);
    w.write(3, `Exit Code:\t${int(t.exitCode)}\n`);
    if (int(t.signal) > 0) w.write(3, `Signal:\t${int(t.signal)}\n`);
    w.write(3, `Started:\t${rfc1123z(t.startedAt)}\n`);
    w.write(3, `Finished:\t${rfc1123z(t.finishedAt)}\n`);
  } else w.write(2, `${name}:\tWaiting\n`);
}

/** Limits then Requests, resource names sorted. */
function describeResources(w: DescribeWriter, resources: Rec, level: 1 | 2 = 2): void {
  for (const [title, key] of [
    ["Limits", "limits"],
    ["Requests", "requests"],
  ] as const) {
    const entries = Object.entries(rec(resources[key])).sort(([a], [b]) => (a < b ? -1 : 1));
    if (entries.length === 0) continue;
    w.write(level, `${title}:\n`);
    for (const [name, quantity] of entries)
      w.write(level === 2 ? 3 : 2, `${name}:\t${str(quantity)}\n`);
  }
}

function describeProbe(p: Rec): string {
  const attrs = `delay=${int(p.initialDelaySeconds)}s timeout=${int(p.timeoutSeconds)}s period=${int(p.periodSeconds)}s #success=${int(p.successThreshold)} #failure=${int(p.failureThreshold)}`;
  if (p.exec !== undefined) {
    const command = Array.isArray(rec(p.exec).command)
      ? (rec(p.exec).command as unknown[]).map(str)
      : [];
    return `exec [${command.join(" ")}] ${attrs}`;
  }
  if (p.httpGet !== undefined) {
    const h = rec(p.httpGet);
    const scheme = (str(h.scheme) || "HTTP").toLowerCase();
    const port = intOrString(h.port);
    const host = str(h.host);
    const hostPort = port ? `${host.includes(":") ? `[${host}]` : host}:${port}` : host;
    return `http-get ${scheme}://${hostPort}${str(h.path)} ${attrs}`;
  }
  if (p.tcpSocket !== undefined) {
    const t = rec(p.tcpSocket);
    return `tcp-socket ${str(t.host)}:${intOrString(t.port)} ${attrs}`;
  }
  if (p.grpc !== undefined) {
    const g = rec(p.grpc);
    return `grpc <pod>:${int(g.port)} ${str(g.service)} ${attrs}`;
  }
  return `unknown ${attrs}`;
}

function describeEnv(w: DescribeWriter, c: Rec, pod: Rec | undefined): void {
  const env = list(c.env);
  w.write(2, `Environment:${env.length === 0 ? "\t<none>" : ""}\n`);
  for (const e of env) {
    const name = str(e.name);
    if (e.valueFrom === undefined) {
      str(e.value)
        .split("\n")
        .forEach((line, i) => w.write(3, i === 0 ? `${name}:\t${line}\n` : `\t${line}\n`));
      continue;
    }
    const from = rec(e.valueFrom);
    if (from.fieldRef !== undefined) {
      const ref = rec(from.fieldRef);
      const value = pod ? fieldRefValue(pod, str(ref.fieldPath)) : "";
      w.write(3, `${name}:\t${value} (${str(ref.apiVersion)}:${str(ref.fieldPath)})\n`);
    } else if (from.resourceFieldRef !== undefined) {
      const ref = rec(from.resourceFieldRef);
      w.write(3, `${name}:\t${resourceFieldValue(c, str(ref.resource))} (${str(ref.resource)})\n`);
    } else if (from.secretKeyRef !== undefined) {
      const ref = rec(from.secretKeyRef);
      w.write(
        3,
        `${name}:\t<set to the key '${str(ref.key)}' in secret '${str(ref.name)}'>\tOptional: ${ref.optional === true}\n`,
      );
    } else if (from.configMapKeyRef !== undefined) {
      const ref = rec(from.configMapKeyRef);
      w.write(
        3,
        `${name}:\t<set to the key '${str(ref.key)}' of config map '${str(ref.name)}'>\tOptional: ${ref.optional === true}\n`,
      );
    }
  }
}

function fieldRefValue(pod: Rec, path: string): string {
  const metadata = rec(pod.metadata);
  const labelMatch = /^metadata\.(labels|annotations)\['(.+)'\]$/.exec(path);
  if (labelMatch) return str(rec(metadata[labelMatch[1]!])[labelMatch[2]!]);
  switch (path) {
    case "metadata.name":
      return str(metadata.name);
    case "metadata.namespace":
      return str(metadata.namespace);
    case "metadata.uid":
      return str(metadata.uid);
    case "spec.nodeName":
      return str(rec(pod.spec).nodeName);
    case "spec.serviceAccountName":
      return str(rec(pod.spec).serviceAccountName);
    case "status.hostIP":
      return str(rec(pod.status).hostIP);
    case "status.podIP":
      return str(rec(pod.status).podIP);
    default:
      return "";
  }
}

function resourceFieldValue(container: Rec, resource: string): string {
  const [kind, name] = resource.split(".");
  const value = str(rec(rec(container.resources)[kind ?? ""])[name ?? ""]);
  if (value === "" && (resource === "limits.cpu" || resource === "limits.memory")) {
    return "node allocatable";
  }
  return value;
}
