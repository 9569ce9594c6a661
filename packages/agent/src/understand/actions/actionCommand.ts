import { quoteWord } from "@kubemedic/kube";
import type { ActionRequest, ImageChange } from "./ActionRequest";
import { kubectlType } from "./kubectlType";
import type { ObjectRow } from "./ObjectRow";

export type ActionCommand =
  | { ok: true; command: string }
  /** The request cannot become a command on this object; `reason` says why, in both languages. */
  | { ok: false; reason: { en: string; zh: string } };

/**
 * The one exact kubectl command for an action on the object found: always
 * with the object's namespace (the approval card says where it runs).
 */
export function actionCommand(request: ActionRequest, row: ObjectRow): ActionCommand {
  const ref = `${kubectlType(row.kind)}/${row.name}`;
  const ns = row.namespace === undefined ? "" : ` -n ${row.namespace}`;
  const ok = (command: string): ActionCommand => ({ ok: true, command });
  switch (request.verb) {
    case "restart":
      return ok(`rollout restart ${ref}${ns}`);
    case "scale": {
      const change = request.replicas;
      if (change === undefined) return fail("no replica count", "没有给出副本数");
      if ("to" in change) return ok(`scale ${ref} --replicas=${change.to}${ns}`);
      if (row.replicas === undefined)
        return fail(
          `the current replica count of ${row.name} is unknown`,
          `不知道 ${row.name} 当前的副本数`,
        );
      const to = row.replicas + change.by;
      if (to < 0)
        return fail(
          `${row.name} runs ${row.replicas} replica(s): it cannot go down by ${-change.by}`,
          `${row.name} 目前只有 ${row.replicas} 个副本，不能再减少 ${-change.by} 个`,
        );
      return ok(`scale ${ref} --replicas=${to}${ns}`);
    }
    case "rollback":
      return ok(
        `rollout undo ${ref}${request.revision === undefined ? "" : ` --to-revision=${request.revision}`}${ns}`,
      );
    case "set-image": {
      const set = imageAssignment(request.image ?? {}, row);
      return set.ok ? ok(`set image ${ref} ${set.assignment}${ns}`) : set;
    }
    case "set-env": {
      const pairs = (request.env ?? []).map((e) => quoteWord(`${e.name}=${e.value ?? ""}`));
      return ok(`set env ${ref} ${pairs.join(" ")}${ns}`);
    }
    case "unset-env":
      return ok(`set env ${ref} ${(request.env ?? []).map((e) => `${e.name}-`).join(" ")}${ns}`);
    case "set-resources": {
      const r = request.resources ?? { limits: {}, requests: {} };
      const flag = (name: string, values: Record<string, string | undefined>): string => {
        const list = Object.entries(values)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${k}=${v ?? ""}`);
        return list.length === 0 ? "" : ` --${name}=${list.join(",")}`;
      };
      return ok(
        `set resources ${ref}${flag("limits", r.limits)}${flag("requests", r.requests)}${ns}`,
      );
    }
    case "delete-pod":
      return ok(`delete pod ${row.name}${ns}`);
    case "cordon":
    case "uncordon":
      return ok(`${request.verb} ${row.name}`);
    case "drain":
      // DaemonSet pods cannot leave a node: without the flag every drain of a real node fails.
      return ok(`drain ${row.name} --ignore-daemonsets`);
    case "suspend":
    case "resume": {
      if (row.kind === "CronJob") {
        const patch = `{"spec":{"suspend":${request.verb === "suspend"}}}`;
        return ok(`patch ${ref}${ns} --type=merge -p ${quoteWord(patch)}`);
      }
      return ok(`rollout ${request.verb === "suspend" ? "pause" : "resume"} ${ref}${ns}`);
    }
  }
}

function fail(en: string, zh: string): ActionCommand {
  return { ok: false, reason: { en, zh } };
}

/**
 * `container=image`: the container named, else the only one, else the one
 * named like the workload. A tag alone keeps the container's repository.
 */
function imageAssignment(
  change: ImageChange,
  row: ObjectRow,
): { ok: true; assignment: string } | { ok: false; reason: { en: string; zh: string } } {
  const containers = row.containers ?? [];
  const container =
    containers.find((c) => c.name === change.container) ??
    (change.container === undefined
      ? containers.length === 1
        ? containers[0]
        : containers.find((c) => c.name === row.name)
      : undefined);
  if (container === undefined) {
    const names = containers.map((c) => c.name).join(", ");
    return {
      ok: false,
      reason: {
        en:
          change.container !== undefined
            ? `${row.name} has no container ${change.container}${names ? ` (it has ${names})` : ""}`
            : `${row.name} has several containers (${names}): say which one`,
        zh:
          change.container !== undefined
            ? `${row.name} 没有名为 ${change.container} 的容器${names ? `（它有 ${names}）` : ""}`
            : `${row.name} 有多个容器（${names}），请说明改哪一个`,
      },
    };
  }
  const image = change.image ?? `${repository(container.image)}:${change.tag ?? ""}`;
  return { ok: true, assignment: `${container.name}=${image}` };
}

/** `ghcr.io/acme/api:v1` → `ghcr.io/acme/api`; a registry port (`host:5000/x`) is kept. */
function repository(image: string): string {
  const noDigest = image.split("@")[0] ?? image;
  const slash = noDigest.lastIndexOf("/");
  const colon = noDigest.lastIndexOf(":");
  return colon > slash ? noDigest.slice(0, colon) : noDigest;
}
