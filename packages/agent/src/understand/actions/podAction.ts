import type { ActionMatch, ActionText } from "./ActionText";

/**
 * "delete the pod checkout-7d9c5b6f4-x8k2p", "kill pod api-0", "delete the
 * other checkout pod"; "删除 pod checkout-7d9c5b6f4-x8k2p", "删掉这个 pod".
 * Only pods: deleting a Deployment or a namespace in plain words is not
 * offered (write the kubectl line to do that).
 */
export function matchDeletePod(t: ActionText): ActionMatch | undefined {
  const verb = t.zh
    ? /删除|删掉|删了|干掉|杀掉|杀死|移除|重建|驱逐/.test(t.raw)
    : /^(?:delete|kill|remove|evict|terminate|nuke|destroy)\b/.test(t.body);
  if (!verb) return undefined;
  const podWord = t.zh ? /\bpods?\b|容器组|实例/i.test(t.raw) : /\bpods?\b/.test(t.body);
  const podName = /\b[a-z0-9][-a-z0-9]*-(?:[a-z0-9]{8,10}-[a-z0-9]{5}|[a-z0-9]{5}|\d+)\b/.test(
    t.raw,
  );
  if (!podWord && !podName) return undefined;
  // Another kind named outright is not a pod deletion ("delete deployment checkout").
  if (
    /\b(?:deployments?|deploy|services?|svc|namespaces?|nodes?|statefulsets?|configmaps?|secrets?)\b/i.test(
      t.raw,
    )
  )
    return undefined;
  return { verb: "delete-pod", kind: "Pod" };
}
