import { commands } from "./commands/index";
import { UsageError } from "./command";

const HELP = `kubemedic — a Kubernetes troubleshooting assistant

Usage: kubemedic <command> [options]   (from the repo: pnpm kubemedic <command>)

Run 'kubemedic <command> --help' for a command's options.`;

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    console.log(HELP);
    console.log(`\nCommands:\n${await listCommands()}`);
    return name === undefined ? 2 : 0;
  }
  const load = commands[name];
  if (load === undefined) {
    console.error(`kubemedic: unknown command '${name}'.\n\nCommands:\n${await listCommands()}`);
    return 2;
  }
  const command = await load();
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(`${command.summary}\n\nUsage: ${command.usage}`);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`kubemedic ${name}: ${error.message}\nUsage: ${command.usage}`);
      return 2;
    }
    throw error;
  }
}

async function listCommands(): Promise<string> {
  const loaded = await Promise.all(Object.values(commands).map((load) => load()));
  return loaded.map((c) => `  ${c.name.padEnd(14)} ${c.summary}`).join("\n");
}
