// Frente da casa com jardim: a two-storey sobrado with a balcony, wooden slats and a lawn.
#declare Interior = no;
#include "common.inc"
#include "exterior.inc"

#declare Cam = <5, 1.6, -15>;
camera { perspective location Cam look_at <0, 3.4, 0> angle 60 right x * 4/3 }
Sky(1.5)
Sun(<0.9, 1.1, -0.6>, 2.3)
light_source { Cam + <0, 8, -6> color rgb <0.8, 0.88, 1> * 0.12 shadowless }

union {
  box { <-5.5, 0, 0>, <5.5, 3.0, 9> T_Paint(<0.94, 0.94, 0.92>) }
  box { <-5.5, 3.0, 1.5>, <3.5, 6.0, 9> T_Paint(<0.94, 0.94, 0.92>) }
  // upper floor front volume clad in wood slats
  box { <-5.5, 3.0, 1.45>, <0, 6.0, 1.5> T_Wood(<0.55, 0.37, 0.22>, <0.42, 0.28, 0.16>) }
  #for (X, -5.4, -0.2, 0.12) box { <X, 3.0, 1.35>, <X + 0.06, 6.0, 1.45> T_Wood(<0.5, 0.33, 0.2>, <0.4, 0.26, 0.15>) } #end
  // flat roofs with eaves (platibanda)
  box { <-5.8, 6.0, 1.2>, <3.8, 6.3, 9.2> T_Paint(<0.97, 0.97, 0.96>) }
  box { <-5.8, 3.0, -0.3>, <5.8, 3.2, 9.2> T_Paint(<0.97, 0.97, 0.96>) }
  // balcony over the garage: glass rail
  box { <0.2, 3.2, -0.25>, <5.6, 4.2, -0.22> material { M_Glass } }
  cylinder { <0.2, 4.2, -0.23>, <5.6, 4.2, -0.23>, 0.025 texture { T_Steel } }
  box { <0.6, 3.2, 1.42>, <3.2, 5.6, 1.5> texture { pigment { rgb <0.06, 0.08, 0.1> } finish { diffuse 0.2 ambient 0 reflection { 0.15 0.7 fresnel } specular 0.8 roughness 0.002 } } }
  // ground floor: glass sliding door and a garage opening
  box { <-4.8, 0, -0.02>, <-1.2, 2.5, 0.05> texture { pigment { rgb <0.06, 0.08, 0.1> } finish { diffuse 0.2 ambient 0 reflection { 0.15 0.7 fresnel } specular 0.8 roughness 0.002 } } }
  #for (X, -4.8, -1.1, 1.2) box { <X, 0, -0.05>, <X + 0.06, 2.5, 0.02> texture { T_Black } } #end
  box { <0.5, 0, -0.02>, <5.0, 2.6, 0.05> texture { pigment { gradient x color_map { [0 rgb <0.5, 0.34, 0.2>] [0.8 rgb <0.55, 0.37, 0.22>] [0.8 rgb <0.3, 0.2, 0.12>] [1 rgb <0.3, 0.2, 0.12>] } scale 0.12 } finish { F_Satin } } }
}
box { <-40, -0.2, -40>, <40, 0, 40> texture { T_Lawn } }
plane { y, -0.25 texture { pigment { rgb <0.2, 0.3, 0.12> } finish { diffuse 0.8 ambient 0 } } }
// far ground beyond the lot }
box { <0.5, 0, -9>, <5.0, 0.02, 0> texture { T_Concrete } }
#for (Z, -8, -1, 0.9) box { <-3.5, 0, Z>, <-2.5, 0.03, Z + 0.6> texture { pigment { rgb <0.8, 0.76, 0.68> } normal { granite 0.3 scale 0.05 } finish { diffuse 0.8 ambient 0 } } } #end
box { <-40, 0, -12>, <40, 0.15, -9> texture { T_Calcada } }
box { <-40, -0.1, -40>, <40, 0, -12> texture { T_Asphalt } }
object { Tree(5.5, 2.6, <0.15, 0.33, 0.09>) translate <-8, 0, -3> }
object { Palm(5, -5) translate <-5.8, 0, -4.5> }
#for (X, -5.2, -0.8, 0.8) object { Shrub(0.45, <0.14, 0.38, 0.1>) translate <X, 0, -0.7> } #end
object { Shrub(1.1, <0.2, 0.4, 0.12>) translate <7, 0, -1> }
