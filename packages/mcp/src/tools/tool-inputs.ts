import { z } from "zod";

/** A namespace name (a DNS label), as Kubernetes accepts it. */
export const NamespaceInput = z
  .string()
  .min(1)
  .max(63)
  .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, "a namespace is a DNS label (lowercase, digits, '-')");

/** A kubeconfig context name, as the server lists it. */
export const ContextInput = z
  .string()
  .min(1)
  .max(253)
  .describe("The kubeconfig context to use; omit for the server's default context.");
