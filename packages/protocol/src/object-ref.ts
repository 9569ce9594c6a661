import { z } from "zod";

/**
 * A Kubernetes object by name: the one shape for "which object" everywhere —
 * the object a user selected, an approval's targets, a root-cause candidate,
 * a mutation's step. `namespace` is absent for cluster-scoped kinds (Node).
 * Bounds are Kubernetes' own: a kind is a DNS label, a name a DNS subdomain.
 */
export const ObjectRef = z.object({
  kind: z.string().max(63),
  namespace: z.string().max(253).optional(),
  name: z.string().max(253),
});
export type ObjectRef = z.infer<typeof ObjectRef>;
