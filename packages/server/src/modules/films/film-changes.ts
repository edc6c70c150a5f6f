/**
 * The PostgreSQL NOTIFY channel on which instances tell each other that films
 * or their counters changed (app.ts's change feed drops the ranked list on it).
 * A command that changes them outside a server (demo:clear) notifies it too.
 */
export const FILMS_CHANGED_CHANNEL = 'filmlist_films';
