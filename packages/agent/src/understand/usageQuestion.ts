/**
 * A question about live resource usage ("which pod uses the most memory in shop?", "what is
 * eating CPU?", "how busy are the nodes?", "哪个 pod 内存占用最高") → the one `kubectl top`
 * command that answers it, sorted by the resource asked about. A why-question ("why was it
 * OOMKilled?") is a diagnosis, not a usage read: the diagnosis reads the metrics itself.
 *
 * `namespace` undefined means every namespace (`-A`); nodes have none.
 */
export function usageCommand(text: string, namespace: string | undefined): string | undefined {
  if (WHY.test(text)) return undefined;
  const resource = MEMORY.test(text) ? "memory" : CPU.test(text) ? "cpu" : undefined;
  const topWords = TOP_COMMAND.exec(text);
  if (resource === undefined && topWords === null && !BUSY.test(text)) return undefined;
  if (resource !== undefined && !USAGE.test(text)) return undefined;
  const nodes = NODES.test(text) && !PODS.test(text);
  const sort = resource === undefined ? "" : ` --sort-by=${resource}`;
  if (nodes) return `top nodes${sort}`;
  const where = namespace === undefined ? " -A" : ` -n ${namespace}`;
  const containers = CONTAINERS.test(text) ? " --containers" : "";
  return `top pods${where}${sort}${containers}`;
}

const WHY = /\bwhy\b|为什么|为何/i;
const MEMORY = /\b(memory|mem|ram)\b|内存/i;
const CPU = /\bcpus?\b|处理器/i;
/** Words that make a memory/CPU mention a question about usage, not about a limit or a fault. */
const USAGE =
  /\b(use[sd]?|using|usage|consum\w*|eat\w*|hog\w*|most|highest|top|heaviest|hungr\w*|busiest|utili[sz]\w*|load)\b|占用|使用|用了|最多|最高|消耗/i;
/** "top pods", "top nodes", "show me the top of shop" is not one: the word must precede pods/nodes. */
const TOP_COMMAND = /\btop\s+(pods?|nodes?)\b/i;
/** "how busy are the nodes", "which node is the most loaded" */
const BUSY = /\b(busiest|how busy|most loaded|overloaded|resource usage|utili[sz]ation)\b/i;
const NODES = /\bnodes?\b|节点/i;
const PODS = /\bpods?\b|\bcontainers?\b|\bworkloads?\b|\bdeployments?\b/i;
const CONTAINERS = /\bcontainers?\b|容器/i;
