import type { ReactNode } from "react";
import { formatPriceFor } from "../../../shared/real-estate/listing-price.ts";
import type { LandingCard, LandingView } from "../../../shared/site/landing-page.ts";
import { servicesOf, textOn } from "../../../shared/site/landing-view.ts";
import { LEAD_CONSENT_TEXT } from "../../../shared/real-estate/lead-form.ts";
import { photoSrcSet, photoUrl } from "../../../shared/real-estate/photo-url.ts";

/**
 * The business's public page: the same component renders /p/{slug} and the editor's preview,
 * so the preview is exactly what visitors will see. Plain HTML and CSS (no client state): the
 * contact form is a normal POST, fast on a phone.
 */

function price(card: LandingCard): string | null {
  return formatPriceFor(card, card.finalidade) || null;
}

function whatsappLink(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `https://wa.me/${digits.length <= 11 ? `55${digits}` : digits}`;
}

export function LandingPageView({ view, form }: { view: LandingView; form: ReactNode }) {
  const { page, cards, negocio } = view;
  const accent = page.corPrimaria;
  const onAccent = textOn(accent);
  const services = servicesOf(page);
  return (
    <div className="min-h-dvh bg-white text-gray-900">
      <header className="relative isolate overflow-hidden px-4 py-16 sm:py-24" style={{ backgroundColor: accent, color: onAccent }}>
        {page.capaChave ? (
          <img
            src={photoUrl(page.capaChave, 1024)}
            srcSet={photoSrcSet(page.capaChave)}
            sizes="100vw"
            alt=""
            fetchPriority="high"
            className="absolute inset-0 -z-10 size-full object-cover opacity-25"
          />
        ) : null}
        <div className="mx-auto max-w-4xl">
          <p className="text-sm font-semibold uppercase tracking-wide">{negocio}</p>
          <h1 className="mt-2 text-3xl font-bold leading-tight sm:text-5xl">{page.titulo}</h1>
          <div className="mt-6 flex flex-wrap gap-3">
            <a
              href="#contato"
              className="inline-block rounded-lg px-5 py-3 font-semibold"
              style={{ backgroundColor: onAccent, color: accent === "#ffffff" ? "#111827" : accent }}
            >
              Fale conosco
            </a>
            {view.agendar ? (
              <a
                href={`/agendar/${page.slug}`}
                className="inline-block rounded-lg border-2 px-5 py-3 font-semibold"
                style={{ borderColor: onAccent, color: onAccent }}
              >
                Agendar horário
              </a>
            ) : null}
          </div>
        </div>
      </header>
      <main id="conteudo" className="mx-auto max-w-4xl space-y-12 px-4 py-10">
        {page.sobre ? (
          <section aria-labelledby="sobre">
            <h2 id="sobre" className="text-2xl font-bold">
              Sobre nós
            </h2>
            <p className="mt-3 whitespace-pre-line text-gray-700">{page.sobre}</p>
          </section>
        ) : null}
        {cards.length ? (
          <section aria-labelledby="destaques">
            <h2 id="destaques" className="text-2xl font-bold">
              Imóveis em destaque
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {cards.map((card) => (
                <li key={card.slug} className="overflow-hidden rounded-xl border border-gray-200">
                  <a href={`/imovel/${card.slug}`} className="block focus-visible:outline-2">
                    {card.capaChave ? (
                      <img
                        src={photoUrl(card.capaChave, 640)}
                        srcSet={photoSrcSet(card.capaChave)}
                        sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw"
                        alt=""
                        loading="lazy"
                        width={640}
                        height={480}
                        className="aspect-[4/3] w-full object-cover"
                      />
                    ) : null}
                    <div className="p-3">
                      <h3 className="font-semibold">{card.titulo ?? "Imóvel"}</h3>
                      <p className="text-sm text-gray-700">{[card.bairro, card.cidade].filter(Boolean).join(", ")}</p>
                      <p className="mt-1 text-sm text-gray-700">
                        {[
                          card.quartos ? `${card.quartos} quarto${card.quartos > 1 ? "s" : ""}` : null,
                          card.areaUtil ? `${card.areaUtil} m²` : null,
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </p>
                      {price(card) ? <p className="mt-1 font-bold">{price(card)}</p> : null}
                    </div>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {services.length ? (
          <section aria-labelledby="servicos">
            <h2 id="servicos" className="text-2xl font-bold">
              Serviços
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-3">
              {services.map((s) => (
                <li key={s.titulo} className="rounded-xl border border-gray-200 p-4">
                  <h3 className="font-semibold">{s.titulo}</h3>
                  {s.texto ? <p className="mt-1 whitespace-pre-line text-sm text-gray-700">{s.texto}</p> : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section id="contato" aria-labelledby="contato-titulo" className="grid gap-8 sm:grid-cols-2">
          <div>
            <h2 id="contato-titulo" className="text-2xl font-bold">
              Contato
            </h2>
            <ul className="mt-3 space-y-2 text-gray-700">
              {page.whatsapp ? (
                <li>
                  <a href={whatsappLink(page.whatsapp)} className="font-semibold underline" rel="noopener">
                    WhatsApp
                  </a>
                </li>
              ) : null}
              {page.email ? (
                <li>
                  <a href={`mailto:${page.email}`} className="underline">
                    {page.email}
                  </a>
                </li>
              ) : null}
              {page.endereco ? <li>{page.endereco}</li> : null}
              {page.creci ? <li>CRECI {page.creci}</li> : null}
            </ul>
          </div>
          <div>
            {form}
            <p className="mt-3 text-xs text-gray-600">{LEAD_CONSENT_TEXT}</p>
          </div>
        </section>
      </main>
      <footer className="border-t border-gray-200 px-4 py-6 text-center text-sm text-gray-600">
        {negocio}
        {page.creci ? ` · CRECI ${page.creci}` : ""}
      </footer>
    </div>
  );
}

const input = "mt-1 block w-full rounded-lg border border-gray-400 px-3 py-2 text-base";

/** The contact form's fields (a plain POST; the honeypot "site" is hidden from people). */
export function LandingContactFields({ errors, values }: { errors?: Record<string, string>; values?: Record<string, string> }) {
  const field = (name: string, label: string, type = "text", autoComplete?: string) => (
    <div>
      <label htmlFor={`contato-${name}`} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={`contato-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={values?.[name]}
        aria-invalid={errors?.[name] ? true : undefined}
        aria-describedby={errors?.[name] ? `contato-${name}-erro` : undefined}
        className={input}
      />
      {errors?.[name] ? (
        <p id={`contato-${name}-erro`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  return (
    <div className="space-y-3">
      {field("nome", "Nome", "text", "name")}
      {field("email", "E-mail", "email", "email")}
      {field("telefone", "Telefone ou WhatsApp", "tel", "tel")}
      <div>
        <label htmlFor="contato-mensagem" className="block text-sm font-semibold">
          Mensagem
        </label>
        <textarea id="contato-mensagem" name="mensagem" rows={4} defaultValue={values?.mensagem} className={input} />
      </div>
      {/* Honeypot: people never see it; a bot that fills it is answered "sent" and nothing is saved. */}
      <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}>
        <label htmlFor="contato-site">Não preencha este campo</label>
        <input id="contato-site" name="site" type="text" tabIndex={-1} autoComplete="off" />
      </div>
    </div>
  );
}
