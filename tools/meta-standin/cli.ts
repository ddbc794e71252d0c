// Start the local stand-in of Meta's Graph API from the command line (development only; not Meta):
//
//   npx node tools/meta-standin/cli.ts [--port 9100] [--container-polls 1] [--quota 100]
//
// It prints the settings that point the Worker at it (META_GRAPH_URL, …, META_APP_SECRET).

import { parseArgs } from "node:util";
import { startMetaStandin } from "./server.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", short: "p" },
    "container-polls": { type: "string" },
    quota: { type: "string" },
    "app-secret": { type: "string" },
  },
  strict: true,
});

const standin = await startMetaStandin({
  port: values.port === undefined ? 9100 : Number(values.port),
  ...(values["container-polls"] !== undefined ? { containerPolls: Number(values["container-polls"]) } : {}),
  ...(values.quota !== undefined ? { publishQuota: Number(values.quota) } : {}),
  ...(values["app-secret"] !== undefined ? { appSecret: values["app-secret"] } : {}),
});
console.log(`Simulador local da Meta (não é a Meta) em ${standin.url}; controle em ${standin.url}/_control`);
for (const [key, value] of Object.entries(standin.env)) console.log(`${key}=${value}`);

const stop = () => void standin.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
