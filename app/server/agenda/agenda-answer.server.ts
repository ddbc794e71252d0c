import { data } from "react-router";
import { ZodError } from "zod";
import { DomainError } from "../../../worker/services/context.ts";

/** Runs a write; a refusal (domain or validation) is the page's pt-BR message with its status. */
export async function answer(write: () => Promise<unknown>, id?: string) {
  try {
    const result = await write();
    const created = typeof result === "object" && result && "id" in result ? String((result as { id: unknown }).id) : id;
    return { ok: true as const, ...(created ? { id: created } : {}) };
  } catch (error) {
    if (error instanceof DomainError) return data({ error: error.message }, { status: error.status });
    if (error instanceof ZodError) return data({ error: error.issues[0]?.message ?? "Confira os campos." }, { status: 422 });
    throw error;
  }
}
