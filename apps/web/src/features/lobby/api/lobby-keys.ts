/** Every lobby query starts with this key; the recent-games list is refetched when a game popup closes. */
export const LOBBY_KEY = ['lobby'] as const;
export const RECENT_GAMES_KEY = [...LOBBY_KEY, 'recent'] as const;
export const FAVOURITES_KEY = [...LOBBY_KEY, 'favourites'] as const;
