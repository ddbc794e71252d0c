import { formatDuration, type PublicService, type PublicSlotDay } from "../../../shared/agenda/public-booking.ts";
import { formatBRL } from "../../../shared/format.ts";
import { choiceClass, Step } from "./public-page-frame.tsx";

/**
 * The steps of /agendar/{slug} as plain links (ADR 062): each choice is a GET to the same page
 * with one more parameter, so the page works without JavaScript, by keyboard, and "back" goes
 * one step back. Nothing is booked until the form of the last step is posted.
 */

export type Href = (params: Record<string, string | null>) => string;

export function ServiceStep({
  categorias,
  chosen,
  href,
}: {
  categorias: { categoria: string; servicos: PublicService[] }[];
  chosen: string | null;
  href: Href;
}) {
  return (
    <Step n={1} id="passo-servico" title="Escolha o serviço">
      {categorias.length === 0 ? (
        <p className="rounded-lg bg-muted p-3 text-sm">Nenhum serviço está disponível para agendamento online no momento.</p>
      ) : (
        categorias.map((group) => (
          <div key={group.categoria} className="space-y-2">
            <h3 className="text-sm font-semibold text-fg-soft">{group.categoria}</h3>
            <ul className="space-y-2">
              {group.servicos.map((s) => (
                <li key={s.id}>
                  <a
                    href={href({ servico: s.id, profissional: null, desde: null, inicio: null })}
                    className={choiceClass(s.id === chosen)}
                    aria-current={s.id === chosen ? "true" : undefined}
                  >
                    <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span>{s.nome}</span>
                      <span className="text-sm tabular-nums text-fg-soft">
                        {formatDuration(s.duracaoMin)}
                        {s.precoCentavos > 0 ? ` · ${formatBRL(s.precoCentavos)}` : ""}
                      </span>
                    </span>
                    {s.descricao ? <span className="mt-1 block text-sm font-normal text-fg-soft">{s.descricao}</span> : null}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </Step>
  );
}

export function ProfessionalStep({
  profissionais,
  chosen,
  href,
  any,
}: {
  profissionais: { id: string; nome: string }[];
  chosen: string | null;
  href: Href;
  any: string;
}) {
  const options = [{ id: any, nome: "Qualquer profissional", dica: "o primeiro horário livre de qualquer um" }, ...profissionais];
  return (
    <Step n={2} id="passo-profissional" title="Escolha o profissional">
      <ul className="grid gap-2 sm:grid-cols-2">
        {options.map((p) => (
          <li key={p.id}>
            <a
              href={href({ profissional: p.id, desde: null, inicio: null })}
              className={choiceClass(p.id === chosen)}
              aria-current={p.id === chosen ? "true" : undefined}
            >
              {p.nome}
              {"dica" in p ? <span className="block text-sm font-normal text-fg-soft">{p.dica}</span> : null}
            </a>
          </li>
        ))}
      </ul>
    </Step>
  );
}

export function SlotStep({
  dias,
  chosen,
  anterior,
  proximo,
  href,
  aviso,
  n = 3,
}: {
  dias: PublicSlotDay[];
  chosen: number | null;
  anterior: string | null;
  proximo: string | null;
  href: Href;
  aviso: string | null;
  n?: number;
}) {
  const any = dias.some((d) => d.horarios.length > 0);
  return (
    <Step n={n} id="passo-horario" title="Escolha o horário">
      {aviso ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {aviso}
        </p>
      ) : null}
      {!any ? (
        <p className="rounded-lg bg-muted p-3 text-sm">
          Nenhum horário livre nestes dias.{proximo ? " Veja os próximos dias." : " Tente outro profissional ou fale com o negócio."}
        </p>
      ) : null}
      <ul className="space-y-4">
        {dias.map((d) => (
          <li key={d.dia}>
            <h3 className="text-sm font-semibold" id={`dia-${d.dia}`}>
              {d.rotulo}
            </h3>
            {d.horarios.length ? (
              <ul className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-6" aria-labelledby={`dia-${d.dia}`}>
                {d.horarios.map((h) => (
                  <li key={h.inicio}>
                    <a
                      href={href({ inicio: String(h.inicio), desde: null })}
                      className={`${choiceClass(h.inicio === chosen, "px-1 py-2.5")} text-center tabular-nums`}
                      aria-current={h.inicio === chosen ? "true" : undefined}
                      aria-label={`${d.rotulo}, ${h.hora}`}
                    >
                      {h.hora}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-fg-soft">Sem horários livres.</p>
            )}
          </li>
        ))}
      </ul>
      <nav aria-label="Outros dias" className="flex flex-wrap justify-between gap-2">
        {anterior ? (
          <a href={href({ desde: anterior, inicio: null })} className="btn btn-secondary">
            ← Dias anteriores
          </a>
        ) : (
          <span />
        )}
        {proximo ? (
          <a href={href({ desde: proximo, inicio: null })} className="btn btn-secondary">
            Próximos dias →
          </a>
        ) : null}
      </nav>
    </Step>
  );
}
