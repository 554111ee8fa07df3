import { IsString } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';

/**
 * The query of a presigned content URL, as the API document describes it.
 * The handler takes it untyped on purpose: the signature check answers
 * every malformed value with the same 403, which the `ValidationPipe` would
 * turn into a 400 telling a stranger which part was wrong.
 */
export class SignedContentQuery {
  @IsString()
  @JSONSchema({ description: 'Expiry of the URL, in Unix seconds, as the URL was minted.' })
  expires!: string;

  @IsString()
  @JSONSchema({ description: 'HMAC of the method, file and expiry, as the URL was minted.' })
  signature!: string;
}
