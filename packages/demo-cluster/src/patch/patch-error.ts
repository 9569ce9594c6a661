/** A patch that cannot be decoded (400) or cannot be applied to the object (422). */
export class PatchError extends Error {
  override name = "PatchError";
  constructor(
    message: string,
    readonly kind: "decode" | "apply",
  ) {
    super(message);
  }
}
