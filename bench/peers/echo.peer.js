'use strict';
/**
 * The echo every peer serves: the same input constraints as the module's DTO
 * (in zod, the peers' schema language) and the same answer, as text and as
 * structured content, so each server does the same work per call.
 */
const { z } = require('zod');

const echoInput = z.object({ text: z.string().min(1).max(200), times: z.number().int().min(1).max(5).optional() });

/** @param {{ text: string, times?: number }} args */
function echoResult(args) {
  const view = { text: args.text.repeat(args.times ?? 1), organization_id: 'org-bench' };
  return { content: [{ type: 'text', text: JSON.stringify(view) }], structuredContent: view };
}

const echoTool = { title: 'Echo', description: 'Repeats the text', annotations: { readOnlyHint: true, idempotentHint: true } };

module.exports = { echoInput, echoResult, echoTool };
