import { Form, redirect, useActionData, useNavigation } from "react-router";
import { useState } from "react";
import type { Route } from "./+types/complete-registration";
import { Button } from "../../components/ui/button.tsx";
import { Field, FormError, SelectField, useFormValidation } from "../../components/ui/form.tsx";
import { completeRegistrationSchema } from "../../../shared/account/auth.ts";
import { needsCreci, SEGMENT_OPTIONS, UFS } from "../../../shared/organization/business-fields.ts";
import { maskCpfCnpj, maskPhone } from "../../../shared/mask.ts";
import { titleMeta } from "../../lib/title.ts";
import { serviceContext } from "../../../worker/context.ts";
import { completeRegistration } from "../../../worker/services/account/accounts.ts";
import { requireOnboarding } from "../../server/guards.server.ts";
import { domainFailure, parseForm, keepRetryAfter } from "../../server/forms.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Completar Cadastro");

/** The form's schema, loaded after the page is usable: zod stays out of the page's first JavaScript. */
const loadCompleteRegistrationSchema = () => import("../../../shared/account/auth.ts").then((m) => m.completeRegistrationSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth } = requireOnboarding(context, request);
  if (auth.org) throw redirect("/");
  return { name: auth.user.name };
}

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const { rc, auth } = requireOnboarding(context, request);
  const parsed = await parseForm(request, completeRegistrationSchema);
  if (!parsed.ok) return parsed.response;
  try {
    await completeRegistration(serviceContext(rc), auth.user.id, parsed.data);
  } catch (error) {
    return domainFailure(error, parsed.form);
  }
  return redirect("/registration-success");
}

export default function CompleteRegistration({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const { errors, formProps } = useFormValidation(loadCompleteRegistrationSchema, result?.errors);
  const v = result?.values;
  const [segment, setSegment] = useState(v?.segmento ?? "");
  const broker = needsCreci(segment);
  return (
    <>
      <h1 className="text-2xl font-bold">Conte sobre o seu negócio</h1>
      <p className="mt-1 mb-6 text-sm text-fg-soft">Olá, {loaderData.name}! Com estes dados preparamos o Alicerce para você.</p>
      <Form method="post" className="grid gap-4 sm:grid-cols-2" {...formProps}>
        <div className="sm:col-span-2">
          <FormError errors={errors} />
        </div>
        <Field
          className="sm:col-span-2"
          label="Nome do negócio"
          name="nomeNegocio"
          required
          defaultValue={v?.nomeNegocio}
          error={errors.nomeNegocio}
        />
        <SelectField
          label="Segmento"
          name="segmento"
          required
          placeholder="Selecione"
          options={SEGMENT_OPTIONS}
          defaultValue={v?.segmento ?? ""}
          onChange={(e) => setSegment(e.currentTarget.value)}
          error={errors.segmento}
        />
        <Field
          label="CPF ou CNPJ"
          name="documento"
          required
          inputMode="text"
          autoComplete="off"
          mask={maskCpfCnpj}
          defaultValue={v?.documento}
          error={errors.documento}
        />
        <Field
          label="CRECI"
          name="creci"
          required={broker}
          hint={broker ? "Obrigatório para imobiliárias e corretores." : "Só para imobiliárias e corretores."}
          defaultValue={v?.creci}
          error={errors.creci}
        />
        <Field
          label="WhatsApp"
          name="whatsapp"
          type="tel"
          required
          autoComplete="tel-national"
          mask={maskPhone}
          placeholder="(11) 91234-5678"
          defaultValue={v?.whatsapp}
          error={errors.whatsapp}
        />
        <Field label="Cidade" name="cidade" required autoComplete="address-level2" defaultValue={v?.cidade} error={errors.cidade} />
        <SelectField
          label="UF"
          name="uf"
          required
          placeholder="Selecione"
          options={UFS.map((uf) => ({ value: uf, label: uf }))}
          defaultValue={v?.uf ?? ""}
          error={errors.uf}
        />
        <div className="sm:col-span-2">
          <Button type="submit" className="w-full" busy={navigation.state === "submitting"}>
            Concluir cadastro
          </Button>
        </div>
      </Form>
    </>
  );
}
