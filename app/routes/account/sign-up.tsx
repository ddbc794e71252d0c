import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/sign-up";
import { Button } from "../../components/ui/button.tsx";
import { CheckboxField, Field, FormError, NewPasswordFields, useFormValidation } from "../../components/ui/form.tsx";
import { signUpSchema } from "../../../shared/account/auth.ts";
import { titleMeta } from "../../lib/title.ts";
import { getRequestContext, serviceContext } from "../../../worker/context.ts";
import { signUp } from "../../../worker/services/account/accounts.ts";
import { domainFailure, parseForm, keepRetryAfter } from "../../server/forms.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Criar Conta");

/** The form's schema, loaded after the page is usable: zod stays out of the page's first JavaScript. */
const loadSignUpSchema = () => import("../../../shared/account/auth.ts").then((m) => m.signUpSchema);

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const rc = getRequestContext(context);
  const parsed = await parseForm(request, signUpSchema);
  if (!parsed.ok) return parsed.response;
  try {
    await signUp(serviceContext(rc), parsed.data);
  } catch (error) {
    return domainFailure(error, parsed.form);
  }
  return redirect(`/email-confirmation?email=${encodeURIComponent(parsed.data.email)}`);
}

export default function SignUp() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { errors, formProps } = useFormValidation(loadSignUpSchema, result?.errors);
  const v = result?.values;
  return (
    <>
      <h1 className="text-2xl font-bold">Criar conta</h1>
      <p className="mt-1 mb-6 text-sm text-fg-soft">Comece grátis. Leva menos de dois minutos.</p>
      <Form method="post" className="space-y-4" {...formProps}>
        <FormError errors={errors} />
        <Field label="Nome" name="nome" autoComplete="name" required defaultValue={v?.nome} error={errors.nome} />
        <Field label="E-mail" name="email" type="email" autoComplete="email" required defaultValue={v?.email} error={errors.email} />
        <NewPasswordFields errors={errors} />
        <CheckboxField
          name="aceite"
          value="on"
          error={errors.aceite}
          label={<>Li e aceito os Termos de uso e a Política de privacidade, e autorizo o tratamento dos meus dados conforme a LGPD.</>}
        />
        <Button type="submit" className="w-full" busy={navigation.state === "submitting"}>
          Criar conta
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm text-fg-soft">
        Já tem conta?{" "}
        <Link to="/login" className="font-semibold text-accent underline-offset-2 hover:underline">
          Entrar
        </Link>
      </p>
    </>
  );
}
