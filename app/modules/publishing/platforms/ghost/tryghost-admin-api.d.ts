// @tryghost/admin-api 1.14 ships no types; the part of its API the Ghost adapter uses (lib/admin-api.js).
declare module "@tryghost/admin-api" {
  type Query = Record<string, string | number | string[]>;
  type MakeRequest = (request: {
    url: string;
    method: "GET" | "POST" | "PUT" | "DELETE";
    /** A JSON-able object, "" for reads, or a form-data instance for uploads. */
    data: unknown;
    params: Query;
    headers: Record<string, string>;
  }) => Promise<unknown>;
  type Resource<T> = {
    read(data: { id?: string; slug?: string }, query?: Query): Promise<T>;
    browse(query?: Query): Promise<T[] & { meta?: unknown }>;
    add(data: Record<string, unknown>, query?: Query): Promise<T>;
    edit(data: Record<string, unknown> & { id: string }, query?: Query): Promise<T>;
    delete(data: { id: string }, query?: Query): Promise<unknown>;
  };
  type Options = {
    url: string;
    key: string;
    version: string | boolean;
    ghostPath?: string;
    userAgent?: string | boolean;
    makeRequest?: MakeRequest;
    generateToken?: (key: string, audience: string) => string;
  };
  type Api = {
    posts: Resource<Record<string, unknown>>;
    tags: Resource<Record<string, unknown>>;
    site: { read(): Promise<Record<string, unknown>> };
    images: { upload(data: unknown): Promise<{ url: string; ref: string | null }> };
  };
  function GhostAdminAPI(options: Options): Api;
  export default GhostAdminAPI;
}
