import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/email-confirmation";
import { Button } from "../../components/ui/button.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { FormError } from "../../components/ui/form.tsx";
import { emailOnlySchema } from "../../../shared/account/auth.ts";
import { titleMeta } from "../../lib/title.ts";
import { getRequestContext, serviceContext } from "../../../worker/context.ts";
import { resendConfirmation } from "../../../worker/services/account/accounts.ts";
import { domainFailure, parseForm, keepRetryAfter } from "../../server/forms.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Confirme seu Email");

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, emailOnlySchema);
  if (!parsed.ok) return parsed.response;
  try {
    await resendConfirmation(serviceContext(getRequestContext(context)), parsed.data.email);
  } catch (error) {
    return domainFailure(error, parsed.form);
  }
  return { sent: true as const, errors: {} as Record<string, string> };
}

export default function EmailConfirmation() {
  const [params] = useSearchParams();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const email = params.get("email") ?? "";
  return (
    <>
      <h1 className="text-2xl font-bold">Confirme seu e-mail</h1>
      <p className="mt-3 text-sm text-fg-soft">
        Enviamos um link de confirmação para {email ? <strong className="text-fg">{email}</strong> : "o seu e-mail"}. Abra a mensagem, toque
        em “Confirmar e-mail” e digite a senha que você acabou de escolher.
      </p>
      <p className="mt-3 text-sm text-fg-soft">Não chegou? Confira a caixa de spam ou peça outro envio.</p>
      <Form method="post" className="mt-6 space-y-3">
        <input type="hidden" name="email" value={email} />
        {result && "sent" in result ? (
          <Alert tone="success">Se houver uma conta aguardando confirmação, enviamos um novo link.</Alert>
        ) : null}
        <FormError errors={result?.errors} />
        {result?.errors && "email" in result.errors ? <Alert tone="error">{result.errors.email}</Alert> : null}
        <Button type="submit" variant="secondary" className="w-full" busy={navigation.state === "submitting"} disabled={!email}>
          Reenviar e-mail
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="text-accent underline-offset-2 hover:underline">
          Voltar para o login
        </Link>
      </p>
    </>
  );
}
