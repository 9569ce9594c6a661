// Dependency direction per package (ARCHITECTURE.md, Packages), checked by `npm test`'s lint
// stage. An arrow may only point down: protocol ← kube ← agent ← mcp ← server ← cli; web → protocol
// only; demo-cluster imports nothing of ours. Tests and test helpers may also load
// demo-cluster's scenarios (a dev dependency), nothing else.
const TEST = "(\\.test\\.tsx?$|\\.spec\\.ts$|/test/|/testing/|/e2e/|/bench/)";
const ours = (names) => `^(${names.join("|")})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-undeclared-package-of-ours",
      comment: "A package of ours imported without being in package.json (pnpm links only those).",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, path: "^@kubemedic/" },
    },
    {
      name: "protocol-imports-nothing-of-ours",
      comment: "packages/protocol is the wire contract: it imports no other package of ours.",
      severity: "error",
      from: { path: "^packages/protocol/" },
      to: { path: ours(["packages/(kube|agent|demo-cluster|mcp)", "apps", "bench"]) },
    },
    {
      name: "demo-cluster-imports-nothing-of-ours",
      severity: "error",
      from: { path: "^packages/demo-cluster/" },
      to: { path: ours(["packages/(protocol|kube|agent|mcp)", "apps", "bench"]) },
    },
    {
      name: "kube-imports-only-protocol",
      severity: "error",
      from: { path: "^packages/kube/", pathNot: TEST },
      to: { path: ours(["packages/(agent|demo-cluster|mcp)", "apps", "bench"]) },
    },
    {
      name: "kube-tests-import-only-protocol-and-demo-cluster",
      severity: "error",
      from: { path: "^packages/kube/" },
      to: { path: ours(["packages/agent", "apps", "bench"]) },
    },
    {
      name: "agent-imports-only-kube-and-protocol",
      severity: "error",
      from: { path: "^packages/agent/", pathNot: TEST },
      to: { path: ours(["packages/(demo-cluster|mcp)", "apps", "bench"]) },
    },
    {
      name: "agent-tests-stay-below-apps",
      severity: "error",
      from: { path: "^packages/agent/" },
      to: { path: ours(["apps", "bench"]) },
    },
    {
      name: "mcp-imports-only-agent-kube-and-protocol",
      comment: "packages/mcp sits beside the server: agent, kube and protocol below it, no app.",
      severity: "error",
      from: { path: "^packages/mcp/", pathNot: TEST },
      to: { path: ours(["packages/demo-cluster", "apps", "bench"]) },
    },
    {
      name: "mcp-tests-stay-below-apps",
      severity: "error",
      from: { path: "^packages/mcp/" },
      to: { path: ours(["apps", "bench"]) },
    },
    {
      name: "web-imports-only-protocol",
      severity: "error",
      from: { path: "^apps/web/", pathNot: TEST },
      to: {
        path: ours(["packages/(kube|agent|demo-cluster|mcp)", "apps/(server|cli)", "bench"]),
      },
    },
    {
      name: "server-imports-no-app",
      severity: "error",
      from: { path: "^apps/server/" },
      to: { path: ours(["apps/(web|cli)", "bench"]) },
    },
    {
      name: "cli-imports-no-web",
      severity: "error",
      from: { path: "^apps/cli/" },
      to: { path: ours(["apps/web", "bench"]) },
    },
    {
      name: "no-src-reach-in",
      comment: "Across packages, import the package by name, never a relative path into it.",
      severity: "error",
      from: { path: "^(packages|apps)/([^/]+)/" },
      to: {
        path: "^(packages|apps)/([^/]+)/",
        pathNot: ["^$1/$2/", "node_modules"],
        dependencyTypesNot: ["npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg"],
        // Reaching in by a relative path resolves to a "local" dependency.
        dependencyTypes: ["local"],
      },
    },
    {
      name: "bench-imports-packages-by-name",
      comment:
        "bench/ is a workspace package: it imports what it measures by name (a package's bench/ exports), never by a relative path.",
      severity: "error",
      from: { path: "^bench/" },
      to: { path: "^(packages|apps)/", dependencyTypes: ["local"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|generated|\\.tmp)/" },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
    tsConfig: { fileName: "tsconfig.base.json" },
  },
};
