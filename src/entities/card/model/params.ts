/** The card id a card query was last started with (`{ params: { id } }` or `{ params: { card_id } }`), if any. */
export const paramsId = (view: { params?: unknown }): string | undefined =>
  (view.params as { params?: { id?: string; card_id?: string } } | undefined)?.params?.id ??
  (view.params as { params?: { card_id?: string } } | undefined)?.params?.card_id;
