import type { Service } from "../../model/objects";

/** The Service's line as `kubectl get service` prints it (NAME, TYPE, CLUSTER-IP, PORT(S)), as evidence. */
export function serviceRow(name: string, svc: Service | undefined): string {
  const ports = (svc?.spec?.ports ?? []).map((p) => `${p.port}/${p.protocol ?? "TCP"}`).join(",");
  return `NAME   TYPE   CLUSTER-IP   PORT(S)\n${name}   ${svc?.spec?.type ?? "ClusterIP"}   ${svc?.spec?.clusterIP ?? ""}   ${ports || "<none>"}`;
}
