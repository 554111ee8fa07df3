import { Injectable } from '@nestjs/common';
import { IsString, MinLength } from 'class-validator';
import { McpArgs, McpContent, McpContext, McpInputRequired, McpTool } from '@kobana/mcp';
import type { McpCallContext, McpInputRequest } from '@kobana/mcp';
import { ConformanceRequestState } from './conformance-request-state.codec';
import { accepted, answer, elicit, LIST_ROOTS, requireCapability, sample, sampledText } from './conformance-input-required.util';

export class ElicitationDto {
  @IsString()
  @MinLength(1)
  message!: string;
}

export class SamplingDto {
  @IsString()
  @MinLength(1)
  prompt!: string;
}

/**
 * Tools that need the person or the client's model in the middle of a call.
 * Era 2026-07-28 asks with an `input_required` result and the client retries
 * with `inputResponses` (SEP-2322, stateless). Era 2025 would need a
 * server→client request during the call, which a JSON-only stateless endpoint
 * cannot make: there these tools say so in an `isError` result.
 */
@Injectable()
export class ConformanceInputRequiredTools {
  constructor(private readonly states: ConformanceRequestState) {}

  @McpTool({ name: 'test_input_required_result_elicitation', description: 'Asks the user for a name, then greets them' })
  elicitation(@McpContext() context: McpCallContext) {
    requireCapability(context, 'elicitation');
    const name = accepted(answer(context, 'user_name'))?.name;
    if (name === undefined) return new McpInputRequired({ user_name: elicit('What is your name?', { name: 'string' }) });
    return McpContent.text(`Hello, ${String(name)}!`);
  }

  @McpTool({ name: 'test_input_required_result_sampling', description: "Asks the client's model a question" })
  sampling(@McpContext() context: McpCallContext) {
    requireCapability(context, 'sampling');
    const text = sampledText(answer(context, 'capital_question'));
    if (text === undefined) return new McpInputRequired({ capital_question: sample('What is the capital of France?', 100) });
    return McpContent.text(`The model answered: ${text}`);
  }

  @McpTool({ name: 'test_input_required_result_list_roots', description: "Lists the client's roots" })
  listRoots(@McpContext() context: McpCallContext) {
    requireCapability(context, 'roots');
    const roots = answer(context, 'client_roots')?.roots;
    if (!Array.isArray(roots)) return new McpInputRequired({ client_roots: LIST_ROOTS });
    return McpContent.text(`Roots: ${roots.map((root: { uri?: unknown }) => String(root?.uri)).join(', ')}`);
  }

  @McpTool({ name: 'test_input_required_result_request_state', description: 'Round-trips a signed requestState' })
  requestState(@McpContext() context: McpCallContext) {
    const tool = 'test_input_required_result_request_state';
    const state = this.states.verify(tool, context.requestState);
    const ok = accepted(answer(context, 'confirm'))?.ok;
    if (!state || ok === undefined) {
      return new McpInputRequired({ confirm: elicit('Please confirm', { ok: 'boolean' }) }, this.states.sign({ tool, round: 1, answers: {} }));
    }
    return McpContent.text(`state-ok: confirmed=${String(ok)}`);
  }

  @McpTool({ name: 'test_input_required_result_multiple_inputs', description: 'Asks for a name, a greeting and the roots at once' })
  multipleInputs(@McpContext() context: McpCallContext) {
    const tool = 'test_input_required_result_multiple_inputs';
    this.states.verify(tool, context.requestState);
    const requests: Record<string, McpInputRequest> = {
      user_name: elicit('What is your name?', { name: 'string' }),
      greeting: sample('Generate a greeting', 50),
      client_roots: LIST_ROOTS,
    };
    const missing = Object.fromEntries(Object.entries(requests).filter(([key]) => !answer(context, key)));
    if (Object.keys(missing).length > 0) return new McpInputRequired(missing, this.states.sign({ tool, round: 1, answers: {} }));
    const name = accepted(answer(context, 'user_name'))?.name;
    return McpContent.text(`${sampledText(answer(context, 'greeting')) ?? 'Hello'}, ${String(name)}!`);
  }

  @McpTool({ name: 'test_input_required_result_multi_round', description: 'Asks two questions, one per round' })
  multiRound(@McpContext() context: McpCallContext) {
    const tool = 'test_input_required_result_multi_round';
    const state = this.states.verify(tool, context.requestState);
    const name = state?.round === 1 ? accepted(answer(context, 'step1'))?.name : state?.answers.name;
    if (name === undefined) {
      return new McpInputRequired({ step1: elicit('Step 1: What is your name?', { name: 'string' }) }, this.states.sign({ tool, round: 1, answers: {} }));
    }
    const color = state?.round === 2 ? accepted(answer(context, 'step2'))?.color : undefined;
    if (color === undefined) {
      return new McpInputRequired(
        { step2: elicit('Step 2: What is your favorite color?', { color: 'string' }) },
        this.states.sign({ tool, round: 2, answers: { name } }),
      );
    }
    return McpContent.text(`${String(name)} likes ${String(color)}`);
  }

  @McpTool({ name: 'test_input_required_result_tampered_state', description: 'Refuses a requestState it did not sign' })
  tamperedState(@McpContext() context: McpCallContext) {
    const tool = 'test_input_required_result_tampered_state';
    const state = this.states.verify(tool, context.requestState);
    if (!state || !answer(context, 'confirm')) {
      return new McpInputRequired({ confirm: elicit('Please confirm', { ok: 'boolean' }) }, this.states.sign({ tool, round: 1, answers: {} }));
    }
    return McpContent.text('state-ok');
  }

  /** server-stateless: what answers a call that needs the person must be the result itself, never a request on a stream. */
  @McpTool({ name: 'test_streaming_elicitation', description: 'Needs the user before it can finish' })
  streamingElicitation(@McpContext() context: McpCallContext) {
    requireCapability(context, 'elicitation');
    const name = accepted(answer(context, 'user_name'))?.name;
    if (name === undefined) return new McpInputRequired({ user_name: elicit('What is your name?', { name: 'string' }) });
    return McpContent.text(`Hello, ${String(name)}!`);
  }

  /** Asks only through the capabilities the client declared (the suite declares sampling alone). */
  @McpTool({ name: 'test_input_required_result_capabilities', description: 'Asks only what the client can answer' })
  capabilities(@McpContext() context: McpCallContext) {
    const declared = context.clientCapabilities ?? {};
    const requests: Record<string, McpInputRequest> = {};
    if (declared.elicitation !== undefined) requests.user_name = elicit('What is your name?', { name: 'string' });
    if (declared.sampling !== undefined) requests.capital_question = sample('What is the capital of France?', 100);
    const pending = Object.fromEntries(Object.entries(requests).filter(([key]) => !answer(context, key)));
    if (Object.keys(pending).length > 0) return new McpInputRequired(pending);
    return McpContent.text('Everything the client could answer was answered');
  }

  // ── Era-2025 fixtures: server→client requests during the call ───────────────

  @McpTool({ name: 'test_elicitation', description: 'Asks the user for a username and an email' })
  legacyElicitation(@McpArgs() args: ElicitationDto, @McpContext() context: McpCallContext) {
    return this.oneQuestion(context, 'user_info', elicit(args.message, { username: 'string', email: 'string' }), 'elicitation');
  }

  @McpTool({ name: 'test_sampling', description: "Asks the client's model" })
  legacySampling(@McpArgs() args: SamplingDto, @McpContext() context: McpCallContext) {
    return this.oneQuestion(context, 'llm', sample(args.prompt, 100), 'sampling');
  }

  @McpTool({ name: 'test_elicitation_sep1034_defaults', description: 'Elicitation with a default for every primitive type' })
  elicitationDefaults(@McpContext() context: McpCallContext) {
    const request: McpInputRequest = {
      method: 'elicitation/create',
      params: {
        message: 'Please review your profile',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', default: 'John Doe' },
            age: { type: 'integer', default: 30 },
            score: { type: 'number', default: 95.5 },
            status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
            verified: { type: 'boolean', default: true },
          },
        },
      },
    };
    return this.oneQuestion(context, 'profile', request, 'elicitation');
  }

  @McpTool({ name: 'test_elicitation_sep1330_enums', description: 'Elicitation with the five enum forms' })
  elicitationEnums(@McpContext() context: McpCallContext) {
    const request: McpInputRequest = {
      method: 'elicitation/create',
      params: {
        message: 'Please choose',
        requestedSchema: {
          type: 'object',
          properties: {
            untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            titledSingle: {
              type: 'string',
              oneOf: [
                { const: 'value1', title: 'First Option' },
                { const: 'value2', title: 'Second Option' },
                { const: 'value3', title: 'Third Option' },
              ],
            },
            legacyEnum: { type: 'string', enum: ['opt1', 'opt2', 'opt3'], enumNames: ['Option One', 'Option Two', 'Option Three'] },
            untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
            titledMulti: {
              type: 'array',
              items: {
                anyOf: [
                  { const: 'value1', title: 'First Choice' },
                  { const: 'value2', title: 'Second Choice' },
                  { const: 'value3', title: 'Third Choice' },
                ],
              },
            },
          },
        },
      },
    };
    return this.oneQuestion(context, 'choices', request, 'elicitation');
  }

  /** Era 2026: one input_required round. Era 2025: no way to ask during the call on this transport. */
  private oneQuestion(context: McpCallContext, key: string, request: McpInputRequest, capability: 'elicitation' | 'sampling') {
    if (context.era === '2025') {
      return McpContent.error(
        `This server is stateless and answers each request with one JSON response: it cannot send ${request.method} during a call. Use protocol version 2026-07-28, where the tool asks through input_required.`,
      );
    }
    requireCapability(context, capability);
    const response = answer(context, key);
    if (!response) return new McpInputRequired({ [key]: request });
    return McpContent.text(`User response: ${JSON.stringify(response)}`);
  }
}
