import { Type as ClassOf } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsString, ValidateNested } from 'class-validator';
import { JSONSchema } from 'class-validator-jsonschema';
import { Page } from './page.interface';

/** `meta` of a Kadu listing. */
export class PageMetaView {
  /** Pass as `cursor` for the next page; `null` on the last one. */
  @IsString()
  @JSONSchema({ nullable: true, description: 'Pass as cursor for the next page; null on the last one.' })
  next_cursor!: string | null;

  @IsInt()
  limit!: number;
}

const pages = new Map<Function, ClassOf<Page<unknown>>>();

/**
 * The class describing `{ data: T[], meta }` for one item class: what a
 * listing tool declares as `output` and the API document as its response.
 * One class per item class, so every user of a page shares its schema.
 */
export function PageView<T extends object>(item: ClassOf<T>): ClassOf<Page<T>> {
  let page = pages.get(item);
  if (!page) {
    class ItemPage {
      @IsArray()
      @ValidateNested({ each: true })
      @Type(() => item)
      data!: T[];

      @ValidateNested()
      @Type(() => PageMetaView)
      meta!: PageMetaView;
    }
    Object.defineProperty(ItemPage, 'name', { value: `${item.name}Page` });
    page = ItemPage as ClassOf<Page<unknown>>;
    pages.set(item, page);
  }
  return page as ClassOf<Page<T>>;
}
