import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/public-property";
import { PhotoGallery } from "../../components/real-estate/photo-gallery.tsx";
import { Field, FormError } from "../../components/ui/form.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { pageTitle } from "../../lib/title.ts";
import { maskPhone } from "../../../shared/mask.ts";
import { HONEYPOT_FIELD, LEAD_CONSENT_TEXT } from "../../../shared/real-estate/lead-form.ts";
import { photoUrl, SHARE_IMAGE, shareImageUrl } from "../../../shared/real-estate/photo-url.ts";
import { getRequestContext, serviceContext } from "../../../worker/context.ts";
import { readForm, domainFailure, keepRetryAfter } from "../../server/forms.server.ts";
import { formDataToObject } from "../../../shared/validation.ts";
import { publicPropertyPage, sendPropertyContact } from "../../../worker/services/real-estate/public-property.ts";
import { type PublicView, publicView, type SimilarView, similarView } from "../../server/real-estate/public-property.server.ts";

/**
 * /imovel/{slug}: the property page a client opens from WhatsApp. No login, server-rendered,
 * little JavaScript (the gallery's arrows; the form works without it). An available property
 * shows everything public about it; a sold, rented, inactive or deleted one answers 410 with
 * "Este imóvel não está mais disponível" and similar available properties of the same
 * organização; an unknown slug or a draft is the pt-BR 404.
 */

/** Plain HTML: the form posts without JavaScript, the gallery has an inline script (ADR 022). */
export const handle = { scripts: false };

export async function loader({ params, context }: Route.LoaderArgs) {
  const rc = getRequestContext(context);
  const ctx = serviceContext(rc);
  const page = await publicPropertyPage(ctx, params.slug);
  if (!page) throw data("Imóvel não encontrado.", { status: 404 });
  const url = `${ctx.origin}/imovel/${params.slug}`;
  if (page.kind === "unavailable") {
    return data(
      { kind: "unavailable" as const, titulo: page.titulo, empresa: page.empresa, similar: page.similar.map(similarView), url },
      { status: 410 },
    );
  }
  const p = page.property;
  const image = p.imagemCompartilhamentoChave
    ? { url: `${ctx.origin}${shareImageUrl(p.imagemCompartilhamentoChave)}`, width: SHARE_IMAGE.width, height: SHARE_IMAGE.height }
    : p.capaChave
      ? { url: `${ctx.origin}${photoUrl(p.capaChave, 1024)}`, width: 1024, height: null }
      : null;
  return { kind: "available" as const, view: publicView(p, url), image, url };
}

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action({ request, params, context }: Route.ActionArgs) {
  const rc = getRequestContext(context);
  const form = await readForm(request);
  try {
    const result = await sendPropertyContact(serviceContext(rc), params.slug, formDataToObject(form));
    if (!result.ok) return data({ errors: result.errors, sent: false }, { status: 400 });
    return { sent: true as const, errors: {} as Record<string, string> };
  } catch (error) {
    return domainFailure(error, form);
  }
}

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => {
  if (!loaded) return [{ title: pageTitle("Imóvel não encontrado") }];
  if (loaded.kind === "unavailable") return [{ title: pageTitle(loaded.titulo) }, { name: "robots", content: "noindex" }];
  const { view, image, url } = loaded;
  const tags = [
    { title: pageTitle(view.titulo) },
    { name: "description", content: view.resumo },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:site_name", content: view.empresa },
    { property: "og:title", content: view.titulo },
    { property: "og:description", content: view.resumo },
    { property: "og:url", content: url },
    { tagName: "link", rel: "canonical", href: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: view.titulo },
    { name: "twitter:description", content: view.resumo },
  ];
  if (image) {
    tags.push(
      { property: "og:image", content: image.url },
      { property: "og:image:width", content: String(image.width) },
      ...(image.height ? [{ property: "og:image:height", content: String(image.height) }] : []),
      { property: "og:image:alt", content: view.titulo },
      { name: "twitter:image", content: image.url },
    );
  }
  return tags;
};

export default function PublicPropertyPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "unavailable") return <Unavailable {...loaderData} />;
  const { view } = loaderData;
  return (
    <main className="mx-auto max-w-5xl pb-16">
      <PhotoGallery photos={view.fotos} title={view.titulo} />
      <div className="grid gap-8 px-4 pt-6 md:grid-cols-[1fr_20rem]">
        <article className="min-w-0 space-y-6">
          <header className="space-y-2">
            <p className="text-sm font-medium text-fg-soft">
              {view.tipo} · Código {view.codigo}
            </p>
            <h1 className="text-2xl font-bold leading-tight md:text-3xl">{view.titulo}</h1>
            <p className="text-fg-soft">{view.endereco}</p>
            {view.reservado ? (
              <p className="rounded-lg bg-muted px-3 py-2 text-sm">
                Este imóvel está reservado. Fale com o corretor para saber se ainda é possível visitá-lo.
              </p>
            ) : null}
          </header>
          <section aria-labelledby="valores" className="space-y-1">
            <h2 id="valores" className="sr-only">
              Valores
            </h2>
            {view.precos.map((price) => (
              <p key={price.label} className="text-2xl font-bold text-accent">
                <span className="sr-only">{price.label}: </span>
                {price.value}
              </p>
            ))}
            {view.custos.map((cost) => (
              <p key={cost} className="text-sm text-fg-soft">
                {cost}
              </p>
            ))}
          </section>
          {view.fatos.length ? (
            <section aria-labelledby="fatos">
              <h2 id="fatos" className="mb-3 text-lg font-semibold">
                Características do imóvel
              </h2>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {view.fatos.map((fact) => (
                  <div key={fact.label} className="rounded-lg border border-line p-3">
                    <dt className="text-xs text-fg-soft">{fact.label}</dt>
                    <dd className="font-semibold">{fact.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          {view.descricao ? (
            <section aria-labelledby="descricao">
              <h2 id="descricao" className="mb-2 text-lg font-semibold">
                Descrição
              </h2>
              <p className="whitespace-pre-line leading-relaxed">{view.descricao}</p>
            </section>
          ) : null}
          {view.caracteristicas.length ? (
            <section aria-labelledby="itens">
              <h2 id="itens" className="mb-2 text-lg font-semibold">
                Itens e lazer
              </h2>
              <ul className="flex flex-wrap gap-2">
                {view.caracteristicas.map((item) => (
                  <li key={item} className="rounded-full bg-muted px-3 py-1 text-sm">
                    {item}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </article>
        <aside className="space-y-4">
          <Contact view={view} />
        </aside>
      </div>
    </main>
  );
}

function Contact({ view }: { view: PublicView }) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors = (result?.errors ?? {}) as Record<string, string>;
  return (
    <section aria-labelledby="contato" className="space-y-4 rounded-xl border border-line p-4 md:sticky md:top-4">
      <h2 id="contato" className="text-lg font-semibold">
        Fale com o corretor
      </h2>
      <p className="text-sm">
        {view.corretor ? (
          <>
            <strong>{view.corretor}</strong> · {view.empresa}
          </>
        ) : (
          <strong>{view.empresa}</strong>
        )}
        {view.creci ? <span className="block text-fg-soft">CRECI {view.creci}</span> : null}
      </p>
      {view.whatsappLink ? (
        <a href={view.whatsappLink} className={buttonClass("primary", "w-full")} rel="noopener" target="_blank">
          Conversar pelo WhatsApp
          <span className="sr-only"> (abre em nova janela)</span>
        </a>
      ) : null}
      {result && "sent" in result && result.sent ? (
        <p role="status" className="rounded-lg bg-muted p-3 text-sm font-medium">
          Mensagem enviada! O corretor vai responder em breve.
        </p>
      ) : (
        <Form method="post" className="space-y-3" aria-label="Enviar mensagem ao corretor">
          <FormError errors={errors} />
          <Field label="Nome" name="nome" autoComplete="name" required maxLength={120} error={errors.nome} />
          <Field label="E-mail" name="email" type="email" autoComplete="email" maxLength={254} error={errors.email} />
          <Field
            label="Telefone"
            name="telefone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            mask={maskPhone}
            maxLength={16}
            error={errors.telefone}
          />
          <div className="space-y-1.5">
            <label htmlFor="mensagem" className="text-sm font-medium">
              Mensagem
            </label>
            <textarea
              id="mensagem"
              name="mensagem"
              rows={4}
              maxLength={2000}
              defaultValue={`Olá! Tenho interesse no imóvel ${view.codigo}. Podemos conversar?`}
              className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm"
              aria-invalid={errors.mensagem ? true : undefined}
            />
            {errors.mensagem ? <p className="text-sm text-danger">{errors.mensagem}</p> : null}
          </div>
          {/* A field people never see: a bot that fills it is thanked and nothing is kept. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor={HONEYPOT_FIELD}>Não preencha este campo</label>
            <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <p className="text-xs text-fg-soft">{LEAD_CONSENT_TEXT}</p>
          <button type="submit" className={buttonClass("secondary", "w-full")} disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Enviando…" : "Enviar mensagem"}
          </button>
        </Form>
      )}
    </section>
  );
}

function Unavailable({ titulo, empresa, similar }: { titulo: string; empresa: string; similar: SimilarView[] }) {
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">Este imóvel não está mais disponível</h1>
        <p className="text-fg-soft">
          “{titulo}” já foi negociado ou saiu do ar.{" "}
          {similar.length ? `Veja outros imóveis de ${empresa}:` : `Fale com ${empresa} para ver outras opções.`}
        </p>
      </header>
      {similar.length ? (
        <ul className="grid gap-4 sm:grid-cols-2">
          {similar.map((item) => (
            <li key={item.href} className="overflow-hidden rounded-xl border border-line">
              <a href={item.href} className="block focus:outline-none focus-visible:ring-2 focus-visible:ring-accent">
                {item.capa ? (
                  <img
                    src={item.capa.src}
                    srcSet={item.capa.srcSet}
                    sizes="(min-width: 640px) 28rem, 100vw"
                    alt=""
                    width={640}
                    height={427}
                    loading="lazy"
                    className="aspect-[3/2] w-full object-cover"
                  />
                ) : null}
                <span className="block space-y-1 p-3">
                  <span className="block font-semibold">{item.titulo}</span>
                  <span className="block text-sm text-fg-soft">{item.resumo}</span>
                  <span className="block font-bold text-accent">{item.preco}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}
