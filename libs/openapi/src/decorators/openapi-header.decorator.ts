import { OPENAPI_HEADER_METADATA } from '../openapi.constants';

/** A request header a custom parameter decorator reads, as the document shows it. */
export interface OpenApiHeaderParameter {
  name: string;
  description?: string;
  /** A JSON Schema 2020-12 of the header value. @default { type: 'string' } */
  schema?: Record<string, unknown>;
}

/**
 * Documents the request header a custom parameter decorator reads. Passed as
 * an enhancer to Nest's `createParamDecorator(factory, [OpenApiHeader(…)])`,
 * it marks every parameter the decorator is applied to, so the route's
 * operation lists the header without anything on the route itself.
 */
export function OpenApiHeader(header: OpenApiHeaderParameter): ParameterDecorator {
  return (target, propertyKey, index) => {
    if (propertyKey === undefined) return;
    const headers: Record<number, OpenApiHeaderParameter> = Reflect.getMetadata(OPENAPI_HEADER_METADATA, target, propertyKey) ?? {};
    Reflect.defineMetadata(OPENAPI_HEADER_METADATA, { ...headers, [index]: header }, target, propertyKey);
  };
}
