/**
 * Every Meta error as a person reads it (ADR 047): a pt-BR sentence with the action to take, what
 * the publishing job does about it, and Meta's raw code kept for the history. Pure and client-safe:
 * the jobs explain with it, the history screen may show `actionLabel`.
 */

/** What the publishing job does after this error. */
export type MetaErrorAction =
  /** Transient (5xx, 429, rate limits, a timeout on a read): try again with backoff. */
  | "retry"
  /** Ambiguous (a write with no answer, 4/2207051): Meta may have done it; look before trying again. */
  | "check"
  /** The token is no longer valid (190): the account goes to "reconectar" and its posts are held. */
  | "reconnect"
  /** Instagram's daily publishing limit: held, it goes out when Meta frees a slot. */
  | "quota"
  /** Nothing to retry: the publication fails with the reason and what to change. */
  | "fail";

export interface MetaErrorInput {
  /** "meta": Meta answered with an error object; "network"/"timeout": no answer came. */
  kind: "meta" | "network" | "timeout";
  /** HTTP status (0 when no answer came). */
  status: number;
  code?: number | undefined;
  subcode?: number | undefined;
  transient?: boolean | undefined;
  /** Meta's user-facing text (English; read only for the cause of a failed download). */
  userMessage?: string | undefined;
  metaMessage?: string | undefined;
}

export interface MetaErrorContext {
  network?: "facebook" | "instagram";
  /** The call creates something at Meta (a lost answer may mean it was done). */
  write?: boolean;
}

export interface MetaErrorExplanation {
  action: MetaErrorAction;
  /** pt-BR: what happened and what to do. */
  message: string;
  /** "190", "9004/2207052", "http 503", "timeout": as the history keeps it. */
  rawCode: string;
}

export const META_ACTION_LABEL: Record<MetaErrorAction, string> = {
  retry: "Nova tentativa automática",
  check: "Conferido antes de tentar de novo",
  reconnect: "Reconectar a conta",
  quota: "Aguardando o limite diário",
  fail: "Corrigir e tentar de novo",
};

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
/** Business Use Case rate limits (Pages, Instagram): transient like the others. */
const BUC_RATE_LIMIT = (code: number) => code >= 80001 && code <= 80014;
/** Token problems: expired, revoked, password changed, app removed, session invalid. */
const TOKEN_CODES = new Set([190, 102]);

export function rawCodeOf(input: MetaErrorInput): string {
  if (input.code === undefined) return input.kind === "meta" ? `http ${input.status}` : input.kind;
  return input.subcode ? `${input.code}/${input.subcode}` : String(input.code);
}

const RECONNECT_WHY: Record<number, string> = {
  458: "o aplicativo Alicerce foi removido da conta",
  460: "a senha do Facebook foi trocada ou o acesso foi revogado",
  463: "o acesso expirou",
  464: "a conta do Facebook precisa ser confirmada",
  467: "o acesso não vale mais",
};

/** Why Meta could not download the image, from its own text (the stand-in and Meta both name it). */
function downloadCause(text: string): string {
  if (/timeout|timed out|too long/i.test(text)) return "o nosso servidor demorou demais para entregar a imagem";
  if (/HTTP 4\d\d|403|404|not found|forbidden/i.test(text)) return "o link da imagem não estava mais disponível (expirado ou removido)";
  if (/HTTP 5\d\d/i.test(text)) return "o nosso servidor falhou ao entregar a imagem";
  if (/unreachable|resolve|connect|refused/i.test(text)) return "o endereço da imagem não pôde ser acessado pela Meta";
  if (/jpe?g|format|type/i.test(text)) return "a imagem não está em JPEG";
  if (/size|large|big/i.test(text)) return "a imagem passa de 8 MB";
  return "a Meta não disse o motivo";
}

function permissionMessage(network: MetaErrorContext["network"]): string {
  if (network === "instagram") {
    return "Falta a permissão de publicar no Instagram (instagram_content_publish): reconecte em Conectar Redes e marque essa permissão.";
  }
  if (network === "facebook") {
    return "Falta a permissão de publicar na Página (pages_manage_posts), ou a sua função na Página não permite criar conteúdo: reconecte em Conectar Redes e marque essa permissão; no Facebook, confira se você tem acesso total ou de criar conteúdo na Página.";
  }
  return "Falta uma permissão da Meta para publicar: reconecte em Conectar Redes e marque todas as permissões pedidas.";
}

/** Instagram's own processing and format errors (a container's ERROR status carries one too). */
const INSTAGRAM_SUBCODES: Record<number, { action: MetaErrorAction; message: string }> = {
  2207001: { action: "retry", message: "O Instagram teve um erro ao processar a imagem. Tentamos de novo automaticamente." },
  2207003: { action: "retry", message: "O Instagram demorou demais para baixar a imagem. Tentamos de novo automaticamente." },
  2207004: { action: "fail", message: "A imagem passa de 8 MB, o limite do Instagram: use uma imagem menor e tente de novo." },
  2207005: {
    action: "fail",
    message: "O Instagram não aceita o formato desta imagem: use uma foto em JPEG (salve a foto de novo no imóvel) e tente de novo.",
  },
  2207009: {
    action: "fail",
    message: "A proporção da imagem está fora do que o Instagram aceita (de 4:5 em pé até 1,91:1 deitada): recorte a foto e tente de novo.",
  },
  2207010: { action: "fail", message: "A legenda passa do limite do Instagram (2.200 caracteres): encurte e tente de novo." },
  2207020: {
    action: "fail",
    message: "A preparação da imagem no Instagram expirou (não foi publicada em 24 horas): tente de novo para prepará-la outra vez.",
  },
  2207026: {
    action: "fail",
    message:
      "O Instagram só publica imagens em JPEG e esta está em outro formato: abra o post, escolha a foto de novo (ela é convertida para JPEG) e tente de novo.",
  },
  2207027: { action: "retry", message: "A imagem ainda está sendo preparada pelo Instagram. Tentamos de novo em instantes." },
  2207028: {
    action: "fail",
    message: "O carrossel precisa de 2 a 10 imagens, todas prontas: confira as imagens do post e tente de novo.",
  },
  2207032: { action: "retry", message: "O Instagram não conseguiu criar a publicação agora. Tentamos de novo automaticamente." },
  2207050: {
    action: "fail",
    message: "A conta do Instagram está restrita ou inativa: entre no aplicativo do Instagram, resolva o aviso e tente de novo.",
  },
};

/**
 * What an error means and what to do. The order matters: the ambiguous answers first (never
 * retried blindly), then the token, the quota, the image, the permissions, the transient ones.
 */
export function explainMetaError(input: MetaErrorInput, context: MetaErrorContext = {}): MetaErrorExplanation {
  const rawCode = rawCodeOf(input);
  const result = (action: MetaErrorAction, message: string): MetaErrorExplanation => ({ action, message, rawCode });
  const { code, subcode } = input;

  if (input.kind !== "meta") {
    const what = input.kind === "timeout" ? "A Meta não respondeu a tempo" : "A conexão com a Meta caiu antes da resposta";
    return context.write
      ? result(
          "check",
          `${what}: a publicação pode ter sido feita. Conferimos na Meta antes de tentar de novo, para não publicar duas vezes.`,
        )
      : result("retry", `${what}. Tentamos de novo automaticamente em instantes.`);
  }
  if (code === 4 && subcode === 2207051) {
    return result(
      "check",
      "A Meta recusou por excesso de pedidos, mas pode ter publicado mesmo assim: conferimos na Meta antes de qualquer nova tentativa.",
    );
  }
  if (code === 506) {
    return result("check", "A Meta diz que este post é repetido: conferimos se ele já foi publicado antes de tentar de novo.");
  }
  if (code !== undefined && TOKEN_CODES.has(code)) {
    const why = (subcode !== undefined && RECONNECT_WHY[subcode]) || "o acesso à conta não vale mais";
    return result(
      "reconnect",
      `A conexão com a Meta precisa ser refeita (${why}): abra Conectar Redes e reconecte a conta. Os posts agendados dela esperam e saem depois.`,
    );
  }
  if ((code === 9 && subcode === 2207042) || subcode === 2207042) {
    return result(
      "quota",
      "O limite diário de publicações do Instagram desta conta foi atingido: o post continua agendado e sai assim que a Meta liberar (as vagas voltam ao longo de 24 horas).",
    );
  }
  if ((code === 9004 && subcode === 2207052) || subcode === 2207052 || code === 324) {
    const cause = downloadCause(`${input.userMessage ?? ""} ${input.metaMessage ?? ""}`);
    return result(
      "fail",
      `A Meta não conseguiu baixar a imagem (${cause}). Confira se a foto ainda existe no imóvel e tente de novo; o link novo é gerado na hora.`,
    );
  }
  if ((code === 9007 && subcode === 2207027) || subcode === 2207027) {
    return result("retry", INSTAGRAM_SUBCODES[2207027]?.message ?? "");
  }
  const known = subcode === undefined ? undefined : INSTAGRAM_SUBCODES[subcode];
  if (known) return result(known.action, known.message);
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299)) return result("fail", permissionMessage(context.network));
  if (code === 100 && subcode === 33) {
    return result(
      "fail",
      "A Meta não encontrou a Página ou a conta do Instagram, ou o acesso a ela foi removido: confira a conta em Conectar Redes e reconecte se preciso.",
    );
  }
  if (code === 368) {
    return result(
      "fail",
      "A Meta bloqueou esta publicação por considerar que fere as regras dela: revise o texto, os links e as imagens antes de tentar de novo.",
    );
  }
  if (
    (code !== undefined && (RATE_LIMIT_CODES.has(code) || BUC_RATE_LIMIT(code))) ||
    input.status === 429 ||
    input.status >= 500 ||
    code === 1 ||
    code === 2 ||
    input.transient === true
  ) {
    return result(
      "retry",
      "A Meta está limitando ou instável no momento (muitos pedidos ou erro do lado dela). Tentamos de novo automaticamente, com intervalos crescentes.",
    );
  }
  if (code === 100) {
    return result(
      "fail",
      `A Meta recusou um dado do post (código ${rawCode}): confira a legenda, o link e as imagens e tente de novo. Se repetir, fale com o suporte informando o código.`,
    );
  }
  return result(
    "fail",
    `A Meta recusou a publicação com um erro que não reconhecemos (código ${rawCode}). Tente de novo; se repetir, fale com o suporte informando o código.`,
  );
}

/**
 * An Instagram container that ended in ERROR or EXPIRED: its `status` text carries Meta's subcode
 * (the stand-in's is the subcode alone; Meta's may say more around it).
 */
export function explainContainerStatus(statusCode: "ERROR" | "EXPIRED", status: string | undefined): MetaErrorExplanation {
  if (statusCode === "EXPIRED") {
    return { action: "fail", rawCode: "EXPIRED", message: INSTAGRAM_SUBCODES[2207020]?.message ?? "" };
  }
  const subcode = Number(/\b(22070\d\d)\b/.exec(status ?? "")?.[1]);
  const known = Number.isFinite(subcode) ? INSTAGRAM_SUBCODES[subcode] : undefined;
  const rawCode = Number.isFinite(subcode) ? `ERROR/${subcode}` : "ERROR";
  // A container in ERROR is over, even for a passing cause: nothing was published, the person retries.
  if (known?.action === "retry") {
    return {
      action: "fail",
      rawCode,
      message: "O Instagram teve um erro ao processar a imagem (do lado dele) e nada foi publicado: use Tentar de novo.",
    };
  }
  if (known) return { action: known.action, rawCode, message: known.message };
  return {
    action: "fail",
    rawCode,
    message: "O Instagram não conseguiu processar a imagem (a Meta não disse o motivo): confira se a foto está em JPEG e tente de novo.",
  };
}
