import { IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/**
 * RFC 6750 §3's error body, what a bearer guard answers with its
 * `WWW-Authenticate` challenge when the token is missing or refused.
 */
@JSONSchema({ description: 'RFC 6750 error body, sent with a WWW-Authenticate: Bearer challenge.' })
export class BearerErrorView {
  @IsString()
  @JSONSchema({ examples: ['invalid_token'] })
  error!: string;

  @IsString()
  error_description!: string;
}
