/**
 * Faults a test injects into the stand-in: a rule matches requests by method and path and fires
 * `times` times (-1: until cleared). See README.md for the kinds.
 */

export type FaultKind =
  /** Answer with Meta's error object instead of doing the work (with `afterWork`, after doing it). */
  | "error"
  /** Never answer (the caller's timeout fires); with `afterWork` the work is done first. */
  | "hang"
  /** Do the work, then drop the connection without an answer (the answer lost after Meta did it). */
  | "drop-after-work"
  /** The next matching Instagram container ends in ERROR (status = `subcode`) instead of FINISHED. */
  | "container-error";

export interface FaultSpec {
  kind: FaultKind;
  method?: string;
  /** Matches when the request path (after the host prefix, with version) contains it. */
  path?: string;
  /** Or a regular expression source tested against that path. */
  pathRegex?: string;
  times?: number;
  status?: number;
  code?: number;
  subcode?: number;
  message?: string;
  type?: string;
  isTransient?: boolean;
  afterWork?: boolean;
}

export interface Fault extends FaultSpec {
  id: string;
  times: number;
  fired: number;
}

const RATE_LIMIT_MESSAGES: Record<number, string> = {
  4: "(#4) Application request limit reached",
  17: "(#17) User request limit reached",
  32: "(#32) Page request limit reached",
  613: "(#613) Calls to this api have exceeded the rate limit.",
};

/** Ready-made specs for the faults the publishing engine must survive. */
export const FAULTS = {
  serverError: (where: Partial<FaultSpec> = {}, status = 500): FaultSpec => ({
    kind: "error",
    status,
    code: 2,
    message: "An unexpected error has occurred. Please retry your request later.",
    isTransient: true,
    ...where,
  }),
  tooManyRequests: (where: Partial<FaultSpec> = {}): FaultSpec => ({
    kind: "error",
    status: 429,
    code: 4,
    message: RATE_LIMIT_MESSAGES[4],
    isTransient: true,
    ...where,
  }),
  rateLimit: (code: 4 | 17 | 32 | 613, where: Partial<FaultSpec> = {}): FaultSpec => ({
    kind: "error",
    status: 400,
    code,
    message: RATE_LIMIT_MESSAGES[code],
    isTransient: true,
    ...where,
  }),
  /** 4/2207051: Meta says no, but the work may be done (afterWork: true by default, the worst case). */
  ambiguous: (where: Partial<FaultSpec> = {}): FaultSpec => ({
    kind: "error",
    status: 400,
    code: 4,
    subcode: 2207051,
    message: "Application request limit reached",
    afterWork: true,
    ...where,
  }),
  hang: (where: Partial<FaultSpec> = {}): FaultSpec => ({ kind: "hang", ...where }),
  answerLost: (where: Partial<FaultSpec> = {}): FaultSpec => ({ kind: "drop-after-work", ...where }),
  containerError: (subcode = 2207001, where: Partial<FaultSpec> = {}): FaultSpec => ({ kind: "container-error", subcode, ...where }),
};

export class FaultBook {
  #faults: Fault[] = [];
  #next = 1;

  add(spec: FaultSpec): Fault {
    if (!["error", "hang", "drop-after-work", "container-error"].includes(spec.kind)) throw new Error(`unknown fault kind ${spec.kind}`);
    const fault: Fault = { ...spec, id: `fault_${this.#next++}`, times: spec.times ?? 1, fired: 0 };
    this.#faults.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.#faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.#faults = [];
  }

  remove(id: string): boolean {
    const before = this.#faults.length;
    this.#faults = this.#faults.filter((f) => f.id !== id);
    return this.#faults.length < before;
  }

  /** The first live request fault for this request, consumed. */
  takeRequestFault(method: string, path: string): Fault | undefined {
    return this.#take((f) => f.kind !== "container-error" && matches(f, method, path));
  }

  /** A container-error fault for a container being created on this path, consumed. */
  takeContainerFault(path: string): Fault | undefined {
    return this.#take((f) => f.kind === "container-error" && matches(f, "POST", path));
  }

  #take(test: (f: Fault) => boolean): Fault | undefined {
    const fault = this.#faults.find((f) => f.times !== 0 && test(f));
    if (!fault) return undefined;
    fault.fired++;
    if (fault.times > 0) fault.times--;
    return { ...fault };
  }
}

function matches(fault: Fault, method: string, path: string): boolean {
  if (fault.method && fault.method.toUpperCase() !== method) return false;
  if (fault.path && !path.includes(fault.path)) return false;
  if (fault.pathRegex && !new RegExp(fault.pathRegex).test(path)) return false;
  return true;
}
