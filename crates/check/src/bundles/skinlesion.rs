//! The skin lesion bundles: the ISIC 2016 and ISIC 2017 melanoma classification test sets.

use scorecheck_data::{self as data, Isic2017Class};
use serde_json::{json, Value};

use super::single_check;
use crate::dispatch::Request;
use crate::{Error, ErrorKind, Result};
use scorecheck_request::bundles::{isic2017_classes, Testset};

/// `isic2016`: `scores`, `eps` on the ISIC 2016 test set (75 melanoma, 304 others).
pub(crate) fn isic2016(request: &Request<'_>) -> Result<Value> {
    let set = data::isic2016();
    single_check(
        request,
        &Testset {
            identifier: None,
            p: set.p,
            n: set.n,
        },
    )
}

/// `isic2017`: `target` and `against` (class codes `"M"`, `"SK"`, `"N"`), `scores`, `eps`.
///
/// `against` may be left out to mean every class not in `target` (the default of the
/// reference's later releases).
pub(crate) fn isic2017(request: &Request<'_>) -> Result<Value> {
    let fields = &request.fields;
    let target = isic2017_classes(fields, "target")?;
    let against = if fields.has("against") {
        Some(isic2017_classes(fields, "against")?)
    } else {
        None
    };
    if let Some(against) = &against {
        if let Some(both) = against.iter().find(|c| target.contains(c)) {
            return Err(Error::new(
                ErrorKind::Contradiction,
                Some("against"),
                format!("the class {:?} is both in target and in against; a class is either positive or negative", both.code()),
            ));
        }
    }
    let set = data::isic2017(&target, against.as_deref());
    if set.n == 0 {
        return Err(Error::new(
            ErrorKind::Contradiction,
            Some("target"),
            "every class is a target, so the test set has no negatives; leave at least one class out of target",
        ));
    }
    let mut result = single_check(
        request,
        &Testset {
            identifier: None,
            p: set.p,
            n: set.n,
        },
    )?;
    if let Value::Object(map) = &mut result {
        let codes =
            |list: &[Isic2017Class]| json!(list.iter().map(|c| c.code()).collect::<Vec<_>>());
        map.insert("target".into(), codes(&target));
        let against: Vec<Isic2017Class> = match against {
            Some(against) => against,
            None => Isic2017Class::ALL
                .into_iter()
                .filter(|c| !target.contains(c))
                .collect(),
        };
        map.insert("against".into(), codes(&against));
    }
    Ok(result)
}
