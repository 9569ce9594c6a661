import type { DescribeWriter } from "./describeWriter";
import { goOptional, int, list, rec, str } from "./format";

type Rec = Record<string, unknown>;

/** The Volumes section (describeVolumes): one block per volume, by source type. */
export function describeVolumes(w: DescribeWriter, volumes: Rec[], space: string): void {
  if (volumes.length === 0) {
    w.write(0, `${space}Volumes:\t<none>\n`);
    return;
  }
  w.write(0, `${space}Volumes:\n`);
  for (const v of volumes) {
    w.write(1, `${space.length > 0 ? " " : ""}${str(v.name)}:\n`);
    if (v.hostPath !== undefined) {
      const h = rec(v.hostPath);
      w.write(2, "Type:\tHostPath (bare host directory volume)\n");
      w.write(0, `    Path:\t${str(h.path)}\n    HostPathType:\t${str(h.type) || "<none>"}\n`);
    } else if (v.emptyDir !== undefined) {
      const e = rec(v.emptyDir);
      w.write(2, "Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n");
      w.write(
        0,
        `    Medium:\t${str(e.medium)}\n    SizeLimit:\t${str(e.sizeLimit) || "<unset>"}\n`,
      );
    } else if (v.secret !== undefined) {
      const s = rec(v.secret);
      w.write(2, "Type:\tSecret (a volume populated by a Secret)\n");
      w.write(0, `    SecretName:\t${str(s.secretName)}\n    Optional:\t${s.optional === true}\n`);
    } else if (v.configMap !== undefined) {
      const c = rec(v.configMap);
      w.write(2, "Type:\tConfigMap (a volume populated by a ConfigMap)\n");
      w.write(0, `    Name:\t${str(c.name)}\n    Optional:\t${c.optional === true}\n`);
    } else if (v.persistentVolumeClaim !== undefined) {
      const p = rec(v.persistentVolumeClaim);
      w.write(
        2,
        "Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n",
      );
      w.write(0, `    ClaimName:\t${str(p.claimName)}\n    ReadOnly:\t${p.readOnly === true}\n`);
    } else if (v.projected !== undefined) {
      w.write(2, "Type:\tProjected (a volume that contains injected data from multiple sources)\n");
      for (const source of list(rec(v.projected).sources)) {
        if (source.secret !== undefined) {
          const s = rec(source.secret);
          w.write(
            0,
            `    SecretName:\t${str(s.name)}\n    SecretOptionalName:\t${goOptional(s.optional)}\n`,
          );
        } else if (source.downwardAPI !== undefined) {
          w.write(0, "    DownwardAPI:\ttrue\n");
        } else if (source.configMap !== undefined) {
          const c = rec(source.configMap);
          w.write(
            0,
            `    ConfigMapName:\t${str(c.name)}\n    ConfigMapOptional:\t${goOptional(c.optional)}\n`,
          );
        } else if (source.serviceAccountToken !== undefined) {
          w.write(
            0,
            `    TokenExpirationSeconds:\t${int(rec(source.serviceAccountToken).expirationSeconds)}\n`,
          );
        }
      }
    } else if (v.downwardAPI !== undefined) {
      w.write(2, "Type:\tDownwardAPI (a volume populated by information about the pod)\n");
      w.write(0, "    Items:\n");
      for (const item of list(rec(v.downwardAPI).items)) {
        const ref = rec(item.fieldRef);
        w.write(0, `      ${str(ref.fieldPath)} -> ${str(item.path)}\n`);
      }
    } else if (v.nfs !== undefined) {
      const n = rec(v.nfs);
      w.write(2, "Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n");
      w.write(
        0,
        `    Server:\t${str(n.server)}\n    Path:\t${str(n.path)}\n    ReadOnly:\t${n.readOnly === true}\n`,
      );
    } else if (v.csi !== undefined) {
      const c = rec(v.csi);
      w.write(2, "Type:\tCSI (a Container Storage Interface (CSI) volume source)\n");
      w.write(
        0,
        `    Driver:\t${str(c.driver)}\n    FSType:\t${str(c.fsType)}\n    ReadOnly:\t${c.readOnly === true}\n`,
      );
    } else w.write(1, "<unknown>\n");
  }
}
