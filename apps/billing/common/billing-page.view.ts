import { Type as ClassOf } from '@nestjs/common';
import { Type } from 'class-transformer';
import { getMetadataStorage, IsArray, IsInt, IsOptional, ValidateNested } from 'class-validator';
import { BillingPage } from './offset-page.util';

/** `meta` of a Billing listing. */
export class BillingPageMetaView {
  @IsInt()
  total!: number;

  @IsInt()
  page!: number;

  @IsInt()
  per_page!: number;
}

const partials = new Map<Function, ClassOf<object>>();
const pages = new Map<Function, ClassOf<BillingPage<unknown>>>();

/**
 * The class of a listing's item: the view with every field optional, since
 * `fields` keeps only the fields it names. Its validators and `@JSONSchema()`
 * are the view's (inherited), so the item schema never repeats the view's.
 */
export function PartialView<T extends object>(view: ClassOf<T>): ClassOf<Partial<T>> {
  let partial = partials.get(view);
  if (!partial) {
    class Partial extends (view as ClassOf<object>) {}
    Object.defineProperty(Partial, 'name', { value: `Partial${view.name}` });
    const names = new Set(
      getMetadataStorage()
        .getTargetValidationMetadatas(view, '', true, false)
        .map((meta) => meta.propertyName),
    );
    for (const name of names) IsOptional()(Partial.prototype, name);
    partial = Partial;
    partials.set(view, partial);
  }
  return partial as ClassOf<Partial<T>>;
}

/**
 * The class describing `{ data, meta: { total, page, per_page } }` for one
 * view, its items partial (see {@link PartialView}): what a listing tool
 * declares as `output`.
 */
export function BillingPageView<T extends object>(view: ClassOf<T>): ClassOf<BillingPage<Partial<T>>> {
  let page = pages.get(view);
  if (!page) {
    const item = PartialView(view);
    class ViewPage {
      @IsArray()
      @ValidateNested({ each: true })
      @Type(() => item)
      data!: Array<Partial<T>>;

      @ValidateNested()
      @Type(() => BillingPageMetaView)
      meta!: BillingPageMetaView;
    }
    Object.defineProperty(ViewPage, 'name', { value: `${view.name}Page` });
    page = ViewPage as ClassOf<BillingPage<unknown>>;
    pages.set(view, page);
  }
  return page as ClassOf<BillingPage<Partial<T>>>;
}
