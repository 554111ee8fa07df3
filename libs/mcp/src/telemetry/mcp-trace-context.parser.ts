import { Context, Link, TextMapGetter, context, propagation, trace } from '@opentelemetry/api';
import { JsonRpcMessage } from '../interfaces/json-rpc.interface';

/** Reads string entries only: `_meta` is client JSON, where a `traceparent` may be anything. */
const STRING_ENTRIES: TextMapGetter<Record<string, unknown>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key];
    return typeof value === 'string' ? value : undefined;
  },
};

/** Where an operation's span hangs: its parent context, and the transport's span it links to. */
export interface McpSpanParent {
  parent: Context;
  links?: Link[];
}

/**
 * The parent of a server span, as the MCP conventions ask: the context the
 * client sent in `params._meta` (`traceparent`, `tracestate`, `baggage`)
 * first, with the ambient one (the HTTP server span, when the host
 * instruments HTTP) as a link; without it, the ambient span; without one,
 * the HTTP headers. The propagator is the global one, a no-op until an SDK
 * registers W3C Trace Context.
 */
export function mcpSpanParent(message: JsonRpcMessage, headers: Record<string, string | string[] | undefined>): McpSpanParent {
  const active = context.active();
  const meta = message.params?._meta;
  if (meta !== null && typeof meta === 'object' && typeof (meta as Record<string, unknown>).traceparent === 'string') {
    const parent = propagation.extract(active, meta as Record<string, unknown>, STRING_ENTRIES);
    const ambient = trace.getSpanContext(active);
    return { parent, links: ambient ? [{ context: ambient }] : undefined };
  }
  if (trace.getSpanContext(active)) return { parent: active };
  return { parent: propagation.extract(active, headers) };
}
