import { ApiError } from "../api/status";
import {
  FieldSelectorError,
  parseFieldSelector,
  type FieldRequirement,
} from "../store/field-selector";
import { parseLabelSelector, SelectorSyntaxError, type Requirement } from "../store/label-selector";

/** `labelSelector` and `fieldSelector` query parameters, as 400s when malformed. */
export function selectorsOf(
  url: URL,
  kind: string,
): { labels: Requirement[]; fields: FieldRequirement[] } {
  try {
    return {
      labels: parseLabelSelector(url.searchParams.get("labelSelector") ?? ""),
      fields: parseFieldSelector(url.searchParams.get("fieldSelector") ?? "", kind),
    };
  } catch (error) {
    if (error instanceof SelectorSyntaxError || error instanceof FieldSelectorError) {
      throw new ApiError("BadRequest", error.message);
    }
    throw error;
  }
}
