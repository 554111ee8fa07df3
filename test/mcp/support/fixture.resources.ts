import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { McpCaller, McpCompletion, McpContext, McpResource, McpResourceParams, McpResourceTemplate } from '@kobana/mcp';
import type { McpCallContext, McpCompletionContext } from '@kobana/mcp';

/** Resources and templates of the fixture host: every shape of answer and every way of failing. */
@Injectable()
export class FixtureResources {
  reads = 0;

  @McpResource({ uri: 'fixture://guide', name: 'guide', title: 'Guide', description: 'How to use the fixture', mimeType: 'text/markdown' })
  guide() {
    this.reads++;
    return '# Fixture guide\nCall echo.';
  }

  @McpResource({ uri: 'fixture://organization', name: 'organization', description: "The caller's organization", scopes: ['fixture:read'] })
  organization(@McpCaller() caller: McpCaller, @McpContext() context: McpCallContext) {
    this.reads++;
    return { organization_id: caller.organization_id, era: context.era, since: new Date(0) };
  }

  @McpResource({ uri: 'fixture://audit', name: 'audit', description: 'Admins only', roles: ['admin'] })
  audit() {
    this.reads++;
    return [{ event: 'login' }];
  }

  @McpResource({ uri: 'fixture://drafts', name: 'drafts', description: 'Needs the write scope', scopes: ['fixture:write'] })
  drafts() {
    this.reads++;
    return { drafts: [] };
  }

  @McpResourceTemplate({
    uriTemplate: 'fixture://notes/{id}',
    name: 'note',
    title: 'Note',
    description: 'A note by id',
    mimeType: 'application/json',
    scopes: ['fixture:read'],
  })
  note(@McpResourceParams() params: { id: string }, @McpCaller() caller: McpCaller) {
    this.reads++;
    switch (params.id) {
      case 'missing':
        throw new NotFoundException('Note not found');
      case 'empty':
        return null;
      case 'bad':
        throw new BadRequestException('Note ids are numeric');
      case 'locked':
        throw new ForbiddenException('Note is locked');
      case 'boom':
        throw new Error('disk on fire at /srv/notes');
      default:
        return { id: params.id, organization_id: caller.organization_id };
    }
  }

  @McpResourceTemplate({ uriTemplate: 'fixture://reports/{period}.csv', name: 'report', description: 'A CSV report', mimeType: 'text/csv' })
  report(@McpResourceParams() { period }: { period: string }) {
    this.reads++;
    return `period,total\n${period},3`;
  }

  @McpResourceTemplate({ uriTemplate: 'fixture://orgs/{org}/notes/{id}', name: 'org-note', description: 'Any organization (admins only)', roles: ['admin'] })
  orgNote(@McpResourceParams() params: { org: string; id: string }) {
    this.reads++;
    return `note ${params.id} of ${params.org}`;
  }

  /** Undecorated: called as (caller, value, context). */
  @McpCompletion({ ref: { type: 'ref/resource', uri: 'fixture://notes/{id}' }, argument: 'id' })
  noteIds(_caller: McpCaller, value: string) {
    return ['1', '2', '3', '10', '12'].filter((id) => id.startsWith(value));
  }

  @McpCompletion({ ref: { type: 'ref/resource', uri: 'fixture://orgs/{org}/notes/{id}' }, argument: 'id' })
  orgNoteIds(caller: McpCaller, value: string, context: McpCompletionContext) {
    return [`${context.arguments.org ?? caller.organization_id}:${value}1`, `${context.argument}:${context.era}`];
  }
}
