/** Start-up errors of the document, each naming the route and what to change. */
export const OpenApiMessages = {
  undescribed: (owner: string, method: string, path: string) =>
    `${owner} (${method} ${path}) has no @OpenApiRoute(): name the tool it mirrors, its output class, or its binary media types (or give it @SerializeOptions({ schema }))`,
  ambiguous: (owner: string) =>
    `@OpenApiRoute() on ${owner} names more than one of tool, output, outputSchema and binary (@SerializeOptions({ schema }) counts as one); give exactly one`,
  unknownTool: (owner: string, tool: string) => `@OpenApiRoute({ tool: '${tool}' }) on ${owner}: no such tool is registered`,
  toolWithoutOutput: (owner: string, tool: string) =>
    `@OpenApiRoute({ tool: '${tool}' }) on ${owner}: the tool lists no outputSchema; give it @McpTool({ output })`,
  recursive: (owner: string) =>
    `${owner}: the schema refers to itself ($defs), which an operation cannot carry inline; describe the recursive part with @JSONSchema()`,
  untypedQuery: (owner: string) => `${owner}: @Query() is not a DTO class; type it with one or name a class in @OpenApiRoute({ query })`,
  duplicate: (method: string, path: string, first: string, second: string) => `${method} ${path} is declared by both ${first} and ${second}`,
};
