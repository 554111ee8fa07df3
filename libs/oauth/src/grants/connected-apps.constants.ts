/** Prefix of the client ids `client create` hands out, so a listing can tell them from dynamically registered ones. */
export const PRE_REGISTERED_CLIENT_PREFIX = 'pre_';
