import { Type, type Static } from 'typebox';

/**
 * Any string: a token that is not one of ours (too long, wrong alphabet) must get the
 * same 404 as a forged one, not a 400 that tells it apart.
 */
export const TokenParams = Type.Object({ token: Type.String({ description: 'The signed token from the link.' }) });
export type TokenParams = Static<typeof TokenParams>;
