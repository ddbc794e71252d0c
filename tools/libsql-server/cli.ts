// Start the local libSQL server from the command line:
//
//   npx node tools/libsql-server/cli.ts --file data/dev.db --port 8080 [--host 127.0.0.1]

import { parseArgs } from "node:util";
import { startLibsqlServer } from "./server.ts";

const USAGE = "usage: node tools/libsql-server/cli.ts --file <path.db> [--port 8080] [--host 127.0.0.1]";

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let values: { file?: string; port?: string; host?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      file: { type: "string", short: "f" },
      port: { type: "string", short: "p" },
      host: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    strict: true,
  }));
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

if (values.help === true) {
  console.log(USAGE);
  process.exit(0);
}
if (values.file === undefined || values.file === "") {
  fail("missing --file");
}
const port = values.port === undefined ? 8080 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  fail(`invalid --port ${values.port}`);
}

const file = values.file;
let server: Awaited<ReturnType<typeof startLibsqlServer>>;
try {
  server = await startLibsqlServer({ file, port, host: values.host ?? "127.0.0.1" });
} catch (error) {
  // Typically EADDRINUSE or an unreadable database file.
  console.error(`cannot start the libSQL local server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(`libSQL local server on ${server.url} (${file})`);

let stopping = false;
const stop = (signal: NodeJS.Signals): void => {
  if (stopping) {
    return;
  }
  stopping = true;
  console.log(`${signal}: stopping libSQL local server`);
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
