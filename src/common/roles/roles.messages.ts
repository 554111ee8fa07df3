/** What a caller whose role may not do `action` is told (403). `action` is a verb phrase: "change tasks". */
export const roleForbiddenMessage = (action: string): string => `Your role may not ${action}`;
