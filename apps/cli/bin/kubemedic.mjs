#!/usr/bin/env node
// The `kubemedic` command. Sources are TypeScript run through tsx's loader, so a
// clone needs no build step; tsx resolves from this package's own dependencies.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/main.ts");
process.exitCode = await main(process.argv.slice(2));
