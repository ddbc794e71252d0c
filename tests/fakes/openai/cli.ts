// Start the fake OpenAI from the command line (development only; not OpenAI):
//
//   npx node tests/fakes/openai/cli.ts [--port 9300] [--delay-ms 30]
//
// It prints the settings that point the Worker at it. Without scripted answers every request
// gets a value made from its JSON schema; script it over /_control (see server.ts).

import { parseArgs } from "node:util";
import { startFakeOpenAi } from "./server.ts";

const { values } = parseArgs({
  options: { port: { type: "string", short: "p" }, "delay-ms": { type: "string" } },
  strict: true,
});

const fake = await startFakeOpenAi({
  port: values.port === undefined ? 9300 : Number(values.port),
  streaming: { delayMs: values["delay-ms"] === undefined ? 30 : Number(values["delay-ms"]) },
});
console.log(`OpenAI falsa (não é a OpenAI) em ${fake.url}; controle em ${fake.url.replace(/\/v1$/, "")}/_control`);
console.log(`OPENAI_BASE_URL=${fake.url}`);
console.log("OPENAI_API_KEY=sk-fake");

const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
