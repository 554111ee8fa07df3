import { McpListedDefinition } from './mcp-definition.interface';
import { McpResourceOptions, McpResourceTemplateOptions } from './mcp-resource-options.interface';
import { McpUriTemplateMatcher } from './mcp-uri-template.interface';

/** A resource as `resources/list` shows it (MCP `Resource`). */
export interface McpResourceDescriptor {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** A template as `resources/templates/list` shows it (MCP `ResourceTemplate`). */
export interface McpResourceTemplateDescriptor {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** Everything prepared at start-up for one fixed-URI resource. */
export interface McpResourceDefinition extends McpListedDefinition<McpResourceDescriptor> {
  uri: string;
  options: McpResourceOptions;
}

/** Everything prepared at start-up for one resource template, its matcher included. */
export interface McpResourceTemplateDefinition extends McpListedDefinition<McpResourceTemplateDescriptor> {
  uriTemplate: string;
  options: McpResourceTemplateOptions;
  template: McpUriTemplateMatcher;
}
