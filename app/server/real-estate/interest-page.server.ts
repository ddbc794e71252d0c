import { data, redirect } from "react-router";
import { formErrors } from "../../../shared/validation.ts";
import { publicPageUrl } from "../../../shared/real-estate/public-page.ts";
import { interesseDefinition } from "../../../shared/resources/interesses.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { scheduleVisit, visitSchema } from "../../../worker/services/real-estate/visits.ts";
import { guard, setFlash } from "../resources.server.ts";

/**
 * `https://wa.me/55<digits>?text=…` to the client's WhatsApp, with the property's title, price
 * (already formatted: a rent says "/mês") and public page; null when the client has no phone.
 */
export function whatsappLink(
  origin: string,
  clientName: string,
  phone: string | null,
  slug: string,
  title: string,
  price = "",
): string | null {
  const digits = phone?.replace(/\D/g, "") ?? "";
  if (digits.length < 10) return null;
  const first = clientName.trim().split(/\s+/)[0] ?? "";
  const url = publicPageUrl(origin, slug);
  const what = price ? `${title}, por ${price}` : title;
  const text = `Olá${first ? `, ${first}` : ""}! Separei um imóvel que combina com o que você procura: ${what}. Veja fotos e detalhes: ${url}`;
  return `https://wa.me/55${digits}?text=${encodeURIComponent(text)}`;
}

/** The visit form on the interest page: São Paulo day and times, property, broker, outcome. */
export async function visitAction(args: Parameters<typeof guard>[0], interestId: string, form: FormData) {
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  return saveVisit(args, interestId, values, {}, `/property_clients/${interestId}`);
}

/**
 * Validates and records a visit (the interest page's form and the property tab's), answering
 * errors in pt-BR with the values typed; `extra` adds errors of the caller's own fields.
 */
export async function saveVisit(
  args: Parameters<typeof guard>[0],
  interestId: string,
  values: Record<string, string>,
  extra: Record<string, string>,
  back: string,
) {
  const { ctx, actor } = guard(args, interesseDefinition, "update");
  const parsed = visitSchema.safeParse(values);
  if (!parsed.success || Object.keys(extra).length)
    return data({ visitErrors: { ...(parsed.success ? {} : formErrors(parsed)), ...extra }, values }, { status: 400 });
  try {
    await scheduleVisit(ctx, actor, interestId, parsed.data);
  } catch (error) {
    if (error instanceof DomainError)
      return data({ visitErrors: { _form: error.message }, values }, { status: error.status === 404 ? 422 : error.status });
    throw error;
  }
  setFlash(args, { kind: "updated", resource: interesseDefinition.name });
  throw redirect(back);
}
