import { stringify } from "yaml";

/** The context, cluster and user name in the kubeconfig the demo cluster writes. */
export const CONTEXT_NAME = "kubemedic-demo";

/** A kubeconfig for the demo cluster: its own CA, bearer-token user. */
export function kubeconfigYaml(url: string, token: string, caPem: string): string {
  return stringify({
    apiVersion: "v1",
    kind: "Config",
    preferences: {},
    "current-context": CONTEXT_NAME,
    clusters: [
      {
        name: CONTEXT_NAME,
        cluster: {
          server: url,
          "certificate-authority-data": Buffer.from(caPem).toString("base64"),
        },
      },
    ],
    users: [{ name: CONTEXT_NAME, user: { token } }],
    contexts: [
      {
        name: CONTEXT_NAME,
        context: { cluster: CONTEXT_NAME, user: CONTEXT_NAME, namespace: "default" },
      },
    ],
  });
}
