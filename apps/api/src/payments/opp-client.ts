/**
 * The one typed client of the OPP REST API (see shared/payments.md). Talks to the real API when
 * OPP_API_URL is set, otherwise to the built-in simulator under /sim/opp/v1 — same shapes either way.
 * (Minimal for now; the payments work extends it.)
 */
export interface OppIssuer {
  bic: string;
  name: string;
}

export class OppError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'OppError';
  }
}

export interface OppClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export class OppClient {
  private baseUrl: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: OppClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
    this.fetchImpl = options.fetch ?? fetch;
  }

  /** Points the client at another base URL (tests learn the simulator's port only after listen). */
  rebase(baseUrl: string): void {
    this.baseUrl = baseUrl.replace(/\/$/, '');
  }

  async request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await this.fetchImpl(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.options.apiKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as unknown) : undefined;
    if (!res.ok) {
      const message = (json as { error?: { message?: string } })?.error?.message ?? res.statusText;
      throw new OppError(res.status, json, `OPP ${method} ${path} failed (${res.status}): ${message}`);
    }
    return json as T;
  }

  /** iDEAL banks. With iDEAL 2.0 the bank is chosen at the hub, so this list may be empty. */
  async listIdealIssuers(): Promise<OppIssuer[]> {
    const res = await this.request<{ data: OppIssuer[] }>('GET', '/ideal_issuers');
    return res.data.map(({ bic, name }) => ({ bic, name }));
  }
}
