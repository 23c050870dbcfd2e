/** The Hono environment of every router: what middleware leaves for handlers. */
export type AppEnv = {
  Variables: {
    /** Set by the bearer middleware. */
    auth: { userId: string; sessionId: string; familyId: string };
  };
};
