import fetch from 'node-fetch';

export type Query = { [key: string]: string | number | boolean | undefined };

export class HttpError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

/** Minimal client for API v4: token in the PRIVATE-TOKEN header, pages numbered from 1. */
export class GitLab {
  private readonly root: string;

  constructor(root: string = process.env.DIGEST_API || 'https://gitlab.com/api/v4', private readonly token = process.env.DIGEST_TOKEN || '') {
    this.root = root.replace(/\/+$/, '');
  }

  async request<T>(method: string, path: string, query: Query = {}, body?: object): Promise<{ data: T; nextPage: number }> {
    const qs = Object.keys(query)
      .filter(k => query[k] !== undefined)
      .map(k => `${encodeURIComponent(k)}=${encodeURIComponent(String(query[k]))}`)
      .join('&');
    const res = await fetch(`${this.root}/${path}${qs ? `?${qs}` : ''}`, {
      method,
      headers: { 'PRIVATE-TOKEN': this.token, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined
    });
    if (!res.ok) {
      throw new HttpError(`${method} ${path}: ${res.status}`, res.status);
    }
    const data = res.status === 204 ? (undefined as any) : await res.json();
    return { data, nextPage: Number(res.headers.get('x-next-page')) || 0 };
  }

  async get<T>(path: string, query: Query = {}): Promise<T> {
    return (await this.request<T>('GET', path, query)).data;
  }

  /** Every page of a list endpoint. */
  async all<T>(path: string, query: Query = {}): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; page; ) {
      const { data, nextPage } = await this.request<T[]>('GET', path, { ...query, page, per_page: 100 });
      items.push(...data);
      page = nextPage;
    }
    return items;
  }

  post<T>(path: string, body: object): Promise<T> {
    return this.request<T>('POST', path, {}, body).then(r => r.data);
  }

  put<T>(path: string, body: object): Promise<T> {
    return this.request<T>('PUT', path, {}, body).then(r => r.data);
  }
}

/** Project ids may be numbers or "group/name" paths; paths must be encoded. */
export const projectPath = (id: number | string) => encodeURIComponent(String(id));

/** The events API wants a plain date (YYYY-MM-DD); the bound is exclusive. */
export const day = (date: Date) => date.toISOString().slice(0, 10);
