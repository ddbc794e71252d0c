import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/landing-page";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { Field, FormError } from "../../components/ui/form.tsx";
import { formatDateTime } from "../../../shared/format.ts";
import { SERVICE_SLOTS } from "../../../shared/site/landing-view.ts";
import { photoUrl } from "../../../shared/real-estate/photo-url.ts";
import { formDataToObject } from "../../../shared/validation.ts";
import { titleMeta } from "../../lib/title.ts";
import { domainFailure, readForm, keepRetryAfter } from "../../server/forms.server.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { landingEditor, publishLanding, saveLandingDraft } from "../../../worker/services/site/landing-page.ts";
import { useTimeZone } from "../../lib/time-zone.ts";

export const meta: Route.MetaFunction = () => titleMeta("Landing Page");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, actor } = requirePermission(context, request, "organization", "read");
  return { editor: await landingEditor(serviceContext(rc), actor) };
}

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

/** "salvar" saves the draft; "publicar" saves it and copies it live; "visualizar" saves and opens the preview. */
export async function action({ request, context }: Route.ActionArgs) {
  const { rc, actor } = requirePermission(context, request, "organization", "update");
  const form = await readForm(request);
  const intent = form.get("intent");
  const ctx = serviceContext(rc);
  try {
    await saveLandingDraft(ctx, actor, formDataToObject(form));
    if (intent === "publicar") {
      const { slug } = await publishLanding(ctx, actor);
      throw redirect(`/landing-page?publicado=${encodeURIComponent(slug)}`);
    }
    if (intent === "visualizar") throw redirect("/landing-page/preview");
    throw redirect("/landing-page?salvo=1");
  } catch (error) {
    if (error instanceof Response) throw error;
    return domainFailure(error, form);
  }
}

const textarea = "block w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm";

export default function LandingPageEditor({ loaderData }: Route.ComponentProps) {
  const { editor } = loaderData;
  const zone = useTimeZone();
  const result = useActionData<typeof action>();
  const errors = (result && "errors" in result ? result.errors : undefined) as Record<string, string> | undefined;
  const values = (result && "values" in result ? result.values : undefined) as Record<string, string> | undefined;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const d = editor.rascunho;
  const v = (name: keyof typeof d) => values?.[name] ?? (d[name] as string | undefined) ?? "";
  const published = params.get("publicado");
  return (
    <>
      <PageHeader
        title="Landing Page"
        description="A página pública do seu negócio: capa, apresentação, imóveis em destaque e contato."
        actions={
          editor.publicadoEm && editor.slug ? (
            <a href={`/p/${editor.slug}`} className={buttonClass("secondary")} target="_blank" rel="noopener">
              Ver página publicada
            </a>
          ) : null
        }
      />
      {published ? (
        <div className="mb-4">
          <Alert tone="success">
            Página publicada em <a href={`/p/${published}`}>/p/{published}</a>.
          </Alert>
        </div>
      ) : params.get("salvo") ? (
        <div className="mb-4">
          <Alert tone="success">Rascunho salvo.</Alert>
        </div>
      ) : null}
      <p className="mb-4 text-sm text-fg-soft">
        {editor.publicadoEm ? `Publicada em ${formatDateTime(editor.publicadoEm, zone)}.` : "Ainda não publicada."}
        {editor.publicadoEm && editor.pendente ? " Há alterações no rascunho que ainda não foram publicadas." : ""}
      </p>
      <Form method="post" className="space-y-6">
        <FormError errors={errors} />
        <Card title="Endereço e chamada">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Endereço da página"
              name="slug"
              required
              defaultValue={v("slug")}
              error={errors?.slug}
              hint="Sua página ficará em /p/seu-endereco."
            />
            <Field label="Chamada" name="titulo" required defaultValue={v("titulo")} error={errors?.titulo} />
            <div className="sm:col-span-2">
              <label htmlFor="lp-sobre" className="text-sm font-semibold">
                Sobre o negócio
              </label>
              <textarea
                id="lp-sobre"
                name="sobre"
                rows={5}
                defaultValue={v("sobre")}
                className={textarea}
                aria-invalid={errors?.sobre ? true : undefined}
              />
              {errors?.sobre ? <p className="text-sm text-danger">{errors.sobre}</p> : null}
            </div>
            <Field label="Cor principal" name="corPrimaria" type="color" defaultValue={v("corPrimaria")} error={errors?.corPrimaria} />
          </div>
        </Card>
        <Card title="Capa">
          {editor.capas.length === 0 ? (
            <p className="text-sm text-fg-soft">Cadastre imóveis com fotos para escolher uma capa.</p>
          ) : (
            <fieldset>
              <legend className="mb-2 text-sm text-fg-soft">Escolha uma foto dos seus imóveis.</legend>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                <label className="flex items-center gap-2 rounded-lg border border-line p-2 text-sm">
                  <input type="radio" name="capaChave" value="" defaultChecked={!v("capaChave")} /> Sem capa
                </label>
                {editor.capas.map((c) => (
                  <label
                    key={c.chave}
                    className="block rounded-lg border border-line p-2 text-sm has-[:checked]:ring-2 has-[:checked]:ring-accent"
                  >
                    <input type="radio" name="capaChave" value={c.chave} defaultChecked={v("capaChave") === c.chave} className="mr-1" />
                    {c.titulo ?? "Foto"}
                    <img src={photoUrl(c.chave, 320)} alt="" loading="lazy" className="mt-1 aspect-[4/3] w-full rounded object-cover" />
                  </label>
                ))}
              </div>
              {errors?.capaChave ? <p className="mt-2 text-sm text-danger">{errors.capaChave}</p> : null}
            </fieldset>
          )}
        </Card>
        <Card title="Imóveis em destaque">
          {editor.imoveis.length === 0 ? (
            <p className="text-sm text-fg-soft">Nenhum imóvel disponível ainda.</p>
          ) : (
            <fieldset>
              <legend className="mb-2 text-sm text-fg-soft">Até 12. Sem escolha, a página mostra os imóveis marcados como destaque.</legend>
              <ul className="grid gap-2 sm:grid-cols-2">
                {editor.imoveis.map((i) => (
                  <li key={i.id}>
                    <label className="flex items-center gap-2 text-sm">
                      <input type="checkbox" name="destaques" value={i.id} defaultChecked={d.destaques.includes(i.id)} />
                      {i.codigo} · {i.titulo ?? "Sem título"}
                    </label>
                  </li>
                ))}
              </ul>
              {errors?.destaques ? <p className="mt-2 text-sm text-danger">{errors.destaques}</p> : null}
            </fieldset>
          )}
        </Card>
        <Card title="Serviços">
          <div className="grid gap-4 sm:grid-cols-3">
            {SERVICE_SLOTS.map((n) => (
              <div key={n} className="space-y-2">
                <Field
                  label={`Serviço ${n}`}
                  name={`servico${n}Titulo`}
                  defaultValue={v(`servico${n}Titulo`)}
                  error={errors?.[`servico${n}Titulo`]}
                />
                <label htmlFor={`lp-servico${n}`} className="sr-only">
                  Descrição do serviço {n}
                </label>
                <textarea
                  id={`lp-servico${n}`}
                  name={`servico${n}Texto`}
                  rows={3}
                  defaultValue={v(`servico${n}Texto`)}
                  className={textarea}
                />
              </div>
            ))}
          </div>
        </Card>
        <Card title="Contato">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="WhatsApp" name="whatsapp" type="tel" defaultValue={v("whatsapp")} error={errors?.whatsapp} />
            <Field label="E-mail" name="email" type="email" defaultValue={v("email")} error={errors?.email} />
            <Field label="Endereço" name="endereco" defaultValue={v("endereco")} error={errors?.endereco} />
            <Field label="CRECI" name="creci" defaultValue={v("creci")} error={errors?.creci} />
          </div>
        </Card>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="salvar" variant="secondary" busy={navigation.state === "submitting"}>
            Salvar rascunho
          </Button>
          <Button type="submit" name="intent" value="visualizar" variant="secondary">
            Pré-visualizar
          </Button>
          <Button type="submit" name="intent" value="publicar">
            Publicar
          </Button>
          {editor.slug ? (
            <Link to="/landing-page/preview" className={buttonClass("ghost")}>
              Abrir pré-visualização salva
            </Link>
          ) : null}
        </div>
      </Form>
    </>
  );
}
