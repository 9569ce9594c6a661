import { describe, expect, it } from "vitest";
import { classifyCommand } from "./classifyCommand";

type Row = [line: string, classification: "read" | "mutating" | "refused", verb: string];

/** The classification table: every line an agent or a user might plausibly write. */
const TABLE: Row[] = [
  // reads
  ["get pods", "read", "get"],
  ["kubectl get pods -n shop", "read", "get"],
  ["kubectl  get pods", "read", "get"],
  ["get po -A -o wide", "read", "get"],
  ["get deploy,svc -n shop", "read", "get"],
  ["get pod/checkout-7d9 svc/checkout -n shop", "read", "get"],
  ["get secret db -n shop -o yaml", "read", "get"],
  ["get secrets -o json", "read", "get"],
  ["get pods -l app=checkout,tier!=db", "read", "get"],
  ["get pods -l 'env in (prod,staging)'", "read", "get"],
  ["get pods --field-selector=status.phase!=Running", "read", "get"],
  ["get pods -o jsonpath='{.items[*].metadata.name}'", "read", "get"],
  [
    "get pods -o jsonpath='{range .items[*]}{.metadata.name};{.status.phase}{\"\\n\"}{end}'",
    "read",
    "get",
  ],
  ['get pods -o "jsonpath={.items[0].metadata.name}"', "read", "get"],
  ["get pods -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName", "read", "get"],
  ["get events -n shop --sort-by=.lastTimestamp", "read", "get"],
  ["get pods --show-labels", "read", "get"],
  ["get nodes -o name", "read", "get"],
  ["-n shop get pods", "read", "get"],
  ["get pods -nshop", "read", "get"],
  ["get pods -n=shop", "read", "get"],
  ["get pods -Ao wide", "read", "get"],
  ["get crontabs.stable.example.com", "read", "get"],
  ["get all -n shop", "read", "get"],
  ["describe pod checkout-7d9 -n shop", "read", "describe"],
  ["describe deploy/checkout -n shop", "read", "describe"],
  ["describe nodes", "read", "describe"],
  ["describe secret db -n shop", "read", "describe"],
  ["logs checkout-7d9 -n shop --previous --tail=200", "read", "logs"],
  ["logs checkout-7d9 -c app -p --since=1h", "read", "logs"],
  ["logs deploy/checkout -n shop --tail 50", "read", "logs"],
  ["logs -l app=checkout -n shop --all-containers", "read", "logs"],
  ["events -n shop", "read", "events"],
  ["events --for pod/checkout-7d9 --types=Warning", "read", "events"],
  ["top pods -n shop", "read", "top pod"],
  ["top node", "read", "top node"],
  ["api-resources", "read", "api-resources"],
  ["api-resources --namespaced=false -o wide", "read", "api-resources"],
  ["api-versions", "read", "api-versions"],
  ["explain deployment.spec.strategy", "read", "explain"],
  ["rollout status deploy/checkout -n shop", "read", "rollout status"],
  ["rollout history deploy/checkout -n shop", "read", "rollout history"],
  ["version", "read", "version"],
  ["cluster-info", "read", "cluster-info"],
  ["auth can-i list pods -n shop", "read", "auth can-i"],
  ["auth whoami", "read", "auth whoami"],
  ["scale deploy checkout --replicas=3 --dry-run=server", "read", "scale"],
  ["apply -f - --dry-run=server", "read", "apply"],
  // mutating
  ["scale deploy/checkout --replicas=3 -n shop", "mutating", "scale"],
  ["rollout restart deploy/checkout -n shop", "mutating", "rollout restart"],
  ["rollout undo deploy/checkout --to-revision=2", "mutating", "rollout undo"],
  ["rollout pause deploy/checkout", "mutating", "rollout pause"],
  ["rollout resume deploy/checkout", "mutating", "rollout resume"],
  ["set image deploy/checkout app=shop/checkout:1.4", "mutating", "set image"],
  ["set env deploy/checkout LOG_LEVEL=debug", "mutating", "set env"],
  ["set resources deploy/checkout --limits=memory=512Mi", "mutating", "set resources"],
  ["label pod checkout-7d9 tier=web --overwrite", "mutating", "label"],
  ["annotate deploy checkout note='checked by kubemedic'", "mutating", "annotate"],
  ['patch deploy checkout -p \'{"spec":{"replicas":2}}\'', "mutating", "patch"],
  [
    'patch deploy checkout --type=json -p=\'[{"op":"remove","path":"/spec/x"}]\'',
    "mutating",
    "patch",
  ],
  ["delete pod checkout-7d9 -n shop", "mutating", "delete"],
  ["delete pods -l app=checkout", "mutating", "delete"],
  ["delete -f -", "mutating", "delete"],
  ["apply -f -", "mutating", "apply"],
  ["create -f -", "mutating", "create"],
  ["cordon node-1", "mutating", "cordon"],
  ["uncordon node-1", "mutating", "uncordon"],
  ["drain node-1 --ignore-daemonsets --delete-emptydir-data", "mutating", "drain"],
  ["apply -f - --dry-run=none", "mutating", "apply"],
  // refused: shell syntax
  ["kubectl  get pods; rm -rf /", "refused", ""],
  ["get pods | grep checkout", "refused", ""],
  ["get pods && kubectl delete pods --all", "refused", ""],
  ["get pods || true", "refused", ""],
  ["get pods > /tmp/out", "refused", ""],
  ["get pods < /dev/null", "refused", ""],
  ["get pods -n `whoami`", "refused", ""],
  ["get pods -n $(whoami)", "refused", ""],
  ['get pods -n "$(whoami)"', "refused", ""],
  ["get pods -n $NS", "refused", ""],
  ["get pods &", "refused", ""],
  ["get pods\ndelete pods --all", "refused", ""],
  ["get pods # comment", "refused", ""],
  // refused: verbs
  ["exec -it checkout-7d9 -- sh", "refused", "exec"],
  ["attach checkout-7d9", "refused", "attach"],
  ["port-forward svc/checkout 8080:80", "refused", "port-forward"],
  ["proxy", "refused", "proxy"],
  ["cp shop/checkout-7d9:/etc/passwd /tmp/x", "refused", "cp"],
  ["edit deploy checkout", "refused", "edit"],
  ["debug node/node-1 -it --image=busybox", "refused", "debug"],
  ["config view --raw", "refused", "config"],
  ["config use-context prod", "refused", "config"],
  ["plugin list", "refused", "plugin"],
  ["krew install foo", "refused", "krew"],
  ["cluster-info dump", "refused", "cluster-info dump"],
  ["rollout frobnicate deploy/x", "refused", "rollout frobnicate"],
  ["run tmp --image=busybox", "refused", "run"],
  // refused: identity and connection overrides
  ["get pods --as=admin", "refused", "get"],
  ["get pods --as admin", "refused", "get"],
  ["auth can-i delete pods --as=system:serviceaccount:shop:default", "refused", "auth can-i"],
  ["get pods --as-group=system:masters", "refused", "get"],
  ["get pods --kubeconfig=/root/.kube/admin", "refused", "get"],
  ["--context prod get pods", "refused", ""],
  ["get pods --server=https://evil:6443", "refused", "get"],
  ["get pods -s https://evil:6443", "refused", "get"],
  ["get pods --token=abc", "refused", "get"],
  ["get pods --insecure-skip-tls-verify", "refused", "get"],
  ["get pods --certificate-authority=/tmp/ca", "refused", "get"],
  // refused: local files, invalid lines
  ["apply -f deploy.yaml", "refused", "apply"],
  ["apply -f https://example.com/x.yaml", "refused", "apply"],
  ["get pods --frobnicate", "refused", "get"],
  ["get pods -w", "refused", "get"],
  ["logs checkout-7d9 -f", "refused", "logs"],
  ["get pods -n 'Bad NS'", "refused", "get"],
  ["get pods -o 'unterminated", "refused", ""],
  ["", "refused", ""],
  ["kubectl", "refused", ""],
  ["rollout", "refused", "rollout"],
];

describe("classifyCommand: the classification table", () => {
  it("has at least 60 rows", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60);
  });

  it.each(TABLE)("%j is %s (%s)", (line, classification, verb) => {
    const result = classifyCommand(line);
    expect(result.classification).toBe(classification);
    expect(result.verb).toBe(verb);
    if (classification === "refused") expect(result.reason).toBeTruthy();
  });
});

describe("classifyCommand: details", () => {
  it("says which rule refused a line and why", () => {
    expect(classifyCommand("kubectl  get pods; rm -rf /")).toMatchObject({
      refusal: "shell",
      reason: expect.stringContaining(";") as unknown,
    });
    expect(classifyCommand("get pods --as=admin")).toMatchObject({
      refusal: "flag",
      reason: expect.stringContaining("impersonates") as unknown,
    });
    expect(classifyCommand("exec -it x -- sh")).toMatchObject({ refusal: "verb" });
    expect(classifyCommand("apply -f x.yaml")).toMatchObject({ refusal: "file" });
    expect(classifyCommand("get pods --bogus")).toMatchObject({
      refusal: "invalid",
      reason: "unknown flag: --bogus",
    });
  });

  it("treats quoted shell characters as data", () => {
    const line = `get pods -o jsonpath='{.items[*].metadata.name}{";"}' -l 'a in (b)'`;
    expect(classifyCommand(line).classification).toBe("read");
  });

  it("normalises the command: no kubectl, words re-quoted", () => {
    expect(classifyCommand("kubectl   get  pods   -l 'app in (a,b)'").command).toBe(
      "get pods -l 'app in (a,b)'",
    );
  });

  it("explains what a mutating command changes", () => {
    expect(classifyCommand("scale deploy/x --replicas=0").reason).toBe(
      "scale changes the replica count",
    );
  });

  it("reads a value-taking flag's value even when it looks like a flag", () => {
    // `-l` consumes `--as`: it is a (strange) selector, not the impersonation flag.
    expect(classifyCommand("get pods -l --as").classification).toBe("read");
  });

  it("refuses words named like object properties with a reason, never a crash", () => {
    // `constructor` used to be found on the verb tables' prototype: refused without a
    // reason, and `rollout constructor` threw out of the parser.
    for (const line of ["constructor", "toString", "__proto__ get", "rollout constructor"]) {
      const c = classifyCommand(line);
      expect(c.classification, line).toBe("refused");
      expect(typeof c.reason, line).toBe("string");
    }
  });
});
