import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { Button } from "../../components/ui/button.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Field, FormError, useFormValidation } from "../../components/ui/form.tsx";
import { emailOnlySchema } from "../../../shared/account/auth.ts";
import { titleMeta } from "../../lib/title.ts";
import { getRequestContext, serviceContext } from "../../../worker/context.ts";
import { requestPasswordRecovery } from "../../../worker/services/account/accounts.ts";
import { domainFailure, parseForm, keepRetryAfter } from "../../server/forms.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Esqueci minha senha");

/** The form's schema, loaded after the page is usable: zod stays out of the page's first JavaScript. */
const loadEmailOnlySchema = () => import("../../../shared/account/auth.ts").then((m) => m.emailOnlySchema);

const SENT_MESSAGE = "Se existir uma conta com este e-mail, enviamos um link para criar uma nova senha. O link vale por 1 hora.";

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, emailOnlySchema);
  if (!parsed.ok) return parsed.response;
  try {
    await requestPasswordRecovery(serviceContext(getRequestContext(context)), parsed.data.email);
  } catch (error) {
    return domainFailure(error, parsed.form);
  }
  return { sent: true as const, errors: {} as Record<string, string> };
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { errors, formProps } = useFormValidation(loadEmailOnlySchema, result?.errors);
  return (
    <>
      <h1 className="text-2xl font-bold">Esqueci minha senha</h1>
      <p className="mt-1 mb-6 text-sm text-fg-soft">Informe o e-mail da sua conta e enviaremos um link para criar uma nova senha.</p>
      {result && "sent" in result ? (
        <Alert tone="success">{SENT_MESSAGE}</Alert>
      ) : (
        <Form method="post" className="space-y-4" {...formProps}>
          <FormError errors={errors} />
          <Field label="E-mail" name="email" type="email" autoComplete="email" required error={errors.email} />
          <Button type="submit" className="w-full" busy={navigation.state === "submitting"}>
            Enviar link
          </Button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="text-accent underline-offset-2 hover:underline">
          Voltar para o login
        </Link>
      </p>
    </>
  );
}
