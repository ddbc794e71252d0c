import type { z } from "zod";
import { addDays, brazilDatesInMonth } from "../../../shared/ai/brazil-dates.ts";
import {
  CONTRACT_NAMES,
  type FreeRequest,
  freeGenerationSchema,
  type MonthPlanRequest,
  monthPlanSchema,
  type PostRequest,
  postGenerationSchema,
} from "../../../shared/ai/contracts.ts";
import { checkText } from "../../../shared/ai/fact-check.ts";
import type { FactSheet } from "../../../shared/ai/facts.ts";
import type { GenerationResult } from "../../../shared/ai/generation-api.ts";
import { MAX_VARIANTS, MIN_VARIANTS } from "../../../shared/ai/generation-options.ts";
import { judgeVariants } from "../../../shared/ai/post-variant-rules.ts";
import {
  freePrompt,
  monthPlanPrompt,
  type Prompt,
  postPrompt,
  type ReferenceAccount,
  type RefusedVariant,
} from "../../../shared/ai/prompt.ts";
import { templateFree, topicSheet } from "../../../shared/ai/template-free.ts";
import { templateMonthPlan } from "../../../shared/ai/template-month-plan.ts";
import { templatePost } from "../../../shared/ai/template-post.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { businessOf, businessStatement, recordFactSheet } from "../ai/record-facts.ts";
import { monthPlanSources } from "../ai/month-plan-sources.ts";
import type { Actor, ServiceContext } from "../context.ts";

/**
 * What each kind of generation asks the model, how its answer is judged (ADR 053: nobody sees an
 * unchecked text) and what the template generator writes instead. The engine (engine.ts) runs
 * any plan the same way: stream, judge, regenerate once, fall back to the template.
 */

/** A judged answer: what may be shown, whether it is enough, and why the rest was refused. */
export interface Verdict {
  kept: GenerationResult;
  /** Enough to show without regenerating (two variants of a post; every idea of a plan). */
  enough: boolean;
  /** Nothing usable at all. */
  empty: boolean;
  refused: RefusedVariant[];
}

export interface GenerationPlan {
  prompt: Prompt;
  schema: z.ZodType;
  name: string;
  judge(value: unknown): Verdict;
  /** The kept parts of two answers together (the first one's first). */
  combine(first: GenerationResult, second: GenerationResult): GenerationResult;
  template(): GenerationResult;
}

/** The record is gone or out of the member's reach (deleted, reassigned) since it was asked. */
export class RecordGoneError extends Error {
  override name = "RecordGoneError";
}

function refusedText(violations: { onde: string; trecho: string; motivo: string }[]): RefusedVariant {
  return { violacoes: violations, problemas: [] };
}

function postPlan(sheet: FactSheet, req: PostRequest, refs: readonly ReferenceAccount[], seed: string): GenerationPlan {
  return {
    prompt: postPrompt({ sheet, objetivo: req.objetivo, tom: req.tom, redes: req.redes, referencias: refs }),
    schema: postGenerationSchema,
    name: CONTRACT_NAMES.post,
    judge(value) {
      const { ok, rejeitadas } = judgeVariants(postGenerationSchema.parse(value).variantes, sheet);
      return {
        kept: { tipo: "post", variantes: ok },
        enough: ok.length >= MIN_VARIANTS,
        empty: ok.length === 0,
        refused: rejeitadas.map((r) => ({ violacoes: r.violacoes, problemas: r.problemas })),
      };
    },
    combine: (a, b) =>
      a.tipo === "post" && b.tipo === "post" ? { tipo: "post", variantes: [...a.variantes, ...b.variantes].slice(0, MAX_VARIANTS) } : a,
    template: () => ({ tipo: "post", variantes: templatePost(sheet, { objetivo: req.objetivo, tom: req.tom, seed }).variantes }),
  };
}

function freePlan(req: FreeRequest, sheet: FactSheet, refs: readonly ReferenceAccount[], seed: string): GenerationPlan {
  return {
    prompt: freePrompt(req, sheet.negocio, refs),
    schema: freeGenerationSchema,
    name: CONTRACT_NAMES.livre,
    judge(value) {
      const answer = freeGenerationSchema.parse(value);
      const refused: RefusedVariant[] = [];
      const keep = (text: string, onde: "legenda" | "hashtags") => {
        const violations = checkText(text, sheet, onde);
        if (violations.length) refused.push(refusedText(violations));
        return violations.length === 0;
      };
      const legendas = answer.legendas.filter((l) => keep(l, "legenda"));
      const hashtags = answer.hashtags.filter((h) => keep(h, "hashtags"));
      const ideias = answer.ideias.filter((i) => keep(`${i.titulo}\n${i.descricao}`, "legenda"));
      return {
        kept: { tipo: "livre", legendas, hashtags, ideias },
        enough: legendas.length >= MIN_VARIANTS && ideias.length > 0,
        empty: legendas.length === 0,
        refused,
      };
    },
    combine: (a, b) =>
      a.tipo === "livre" && b.tipo === "livre"
        ? {
            tipo: "livre",
            legendas: [...a.legendas, ...b.legendas].slice(0, MAX_VARIANTS),
            hashtags: [...new Set([...a.hashtags, ...b.hashtags])].slice(0, 30),
            ideias: [...a.ideias, ...b.ideias].slice(0, 6),
          }
        : a,
    template: () => {
      const { origem: _o, aviso: _a, ...rest } = templateFree(req, sheet.negocio, seed);
      return { tipo: "livre", ...rest };
    },
  };
}

async function monthPlan(
  ctx: ServiceContext,
  actor: Actor,
  req: MonthPlanRequest,
  zone: string,
  refs: readonly ReferenceAccount[],
  seed: string,
): Promise<GenerationPlan> {
  const sources = await monthPlanSources(ctx, actor);
  const hoje = dayIn(ctx.now, zone);
  const datas = brazilDatesInMonth(req.mes, sources.publico);
  const first = hoje.slice(0, 7) === req.mes ? addDays(hoje, 1) : `${req.mes}-01`;
  const sheets = new Map(sources.registros.map((r) => [r.sheet.registro.id, r.sheet]));
  const dateNames = new Set(datas.map((d) => d.nome));
  return {
    prompt: monthPlanPrompt({
      mes: req.mes,
      hoje,
      tom: req.tom,
      registros: sources.registros,
      datas,
      business: sources.negocio,
      referencias: refs,
    }),
    schema: monthPlanSchema,
    name: CONTRACT_NAMES.mes,
    judge(value) {
      const answer = monthPlanSchema.parse(value);
      const refused: RefusedVariant[] = [];
      const ideias = answer.ideias.filter((idea) => {
        const problems: string[] = [];
        if (!idea.data.startsWith(`${req.mes}-`) || idea.data < first) problems.push(`A data ${idea.data} está fora do período do plano.`);
        const link = idea.vinculo;
        let sheet: FactSheet | undefined;
        if (link.tipo === "data") {
          if (!link.dataComemorativa || !dateNames.has(link.dataComemorativa))
            problems.push("A ideia cita uma data que não está na lista.");
          sheet = topicSheet(link.dataComemorativa ?? idea.titulo, sources.negocio);
        } else {
          sheet = link.registroId ? sheets.get(link.registroId) : undefined;
          if (!sheet) problems.push("A ideia cita um registro que não está na lista.");
        }
        const violations = sheet ? checkText(idea.legenda, sheet, "legenda") : [];
        if (problems.length || violations.length) refused.push({ violacoes: violations, problemas: problems });
        return problems.length === 0 && violations.length === 0;
      });
      ideias.sort((a, b) => a.data.localeCompare(b.data));
      return { kept: { tipo: "mes", ideias }, enough: refused.length === 0 && ideias.length > 0, empty: ideias.length === 0, refused };
    },
    // Two plans of the same month would repeat days: the larger checked one wins.
    combine: (a, b) => (a.tipo === "mes" && b.tipo === "mes" && b.ideias.length > a.ideias.length ? b : a),
    template: () => {
      const {
        origem: _o,
        aviso: _a,
        ...rest
      } = templateMonthPlan(
        { mes: req.mes, hoje, publico: sources.publico, registros: sources.registros, tom: req.tom, seed },
        sources.negocio.nome,
      );
      return { tipo: "mes", ...rest };
    },
  };
}

/** The plan of a stored request, with the member's reach (a record out of reach throws RecordGoneError). */
export async function planFor(
  ctx: ServiceContext,
  actor: Actor,
  kind: GenerationResult["tipo"],
  pedido: Record<string, unknown>,
  refs: readonly ReferenceAccount[],
  zone: string,
  seed: string,
): Promise<GenerationPlan> {
  if (kind === "post") {
    const req = pedido as unknown as PostRequest;
    const sheet = await recordFactSheet(ctx, actor, req.registro);
    if (!sheet) throw new RecordGoneError(req.registro.tipo);
    return postPlan(sheet, req, refs, seed);
  }
  if (kind === "livre") {
    const req = pedido as unknown as FreeRequest;
    const business = businessOf(await businessStatement(ctx, actor), null);
    return freePlan(req, topicSheet(req.tema, business), refs, seed);
  }
  return monthPlan(ctx, actor, pedido as unknown as MonthPlanRequest, zone, refs, seed);
}
