import { jsonNestsDeeper, MAX_JSON_DEPTH } from "@kubemedic/protocol";
import express, { type RequestHandler } from "express";
import { ServerError } from "../errors";
import { cleanJson } from "../persistence/clean";

/** Request bodies of the API are small JSON documents. @default "64kb" */
const BODY_LIMIT = "64kb";

/**
 * The API's body parser: JSON only, 64 KiB at most, nested 32 levels at most
 * (checked on the raw bytes before JSON.parse: a body of `[[[[…` 30,000 deep
 * would otherwise overflow the stack of every recursive walk after it), and
 * every string cleaned as the database can store it (no NUL, no half
 * surrogate pair).
 */
export function jsonBody(): RequestHandler[] {
  return [
    express.json({
      limit: BODY_LIMIT,
      verify: (_req, _res, buffer) => {
        if (jsonNestsDeeper(buffer, MAX_JSON_DEPTH)) {
          throw new ServerError(
            "bad_request",
            `the request body nests deeper than ${MAX_JSON_DEPTH} levels`,
          );
        }
      },
    }),
    (req, _res, next) => {
      if (req.body !== undefined) req.body = cleanJson(req.body);
      next();
    },
  ];
}
